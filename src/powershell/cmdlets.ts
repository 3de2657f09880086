/**
 * The cmdlets toolgate reads, as data: their parameters (names, aliases, positions, switches),
 * which parameters name paths and what the cmdlet does with them, which are known safe for
 * the read-only allowlist, and which cmdlets run code or change how later commands are read.
 *
 * Sources: the PowerShell 7.4 cmdlet reference (Microsoft.PowerShell.Management,
 * Microsoft.PowerShell.Utility, Microsoft.PowerShell.Core, Microsoft.PowerShell.Archive;
 * https://learn.microsoft.com/powershell/module/), "about_CommonParameters" and
 * "about_Parameters" (names may be shortened to any unambiguous prefix).
 * @packageDocumentation
 */

/** What a path parameter does with the path. @public */
export type PathUse = 'read' | 'write' | 'remove' | 'none';

/** One parameter of a cmdlet. @public */
export interface ParameterSpec {
  name: string;
  aliases?: readonly string[];
  /** A switch takes no value (`-Recurse`, or `-Recurse:$false`). */
  switch?: true;
  /** Position for positional binding (0 first). */
  position?: number;
  /** Takes every remaining positional argument. */
  remaining?: true;
  /** The parameter names a path, used this way. */
  path?: PathUse;
  /** The path is taken literally (`-LiteralPath`): no wildcards. */
  literal?: true;
  /** Known safe for the read-only allowlist. */
  safe?: true;
}

/** What toolgate knows about one cmdlet. @public */
export interface CmdletSpec {
  name: string;
  params: readonly ParameterSpec[];
  /** Only reads (with its safe parameters); on the read-only allowlist. */
  readOnly?: true;
  /** A file cmdlet acceptEdits approves inside the working directories (Claude Code docs, "Permission modes"). */
  acceptEdits?: true;
  /** Takes a path from pipeline input when no path parameter is given. */
  pipelinePath?: PathUse;
  /** Changes the location for later commands. */
  location?: 'set' | 'push' | 'pop';
  /**
   * Runs code toolgate cannot see, or changes how later commands are read (aliases, variables,
   * drives, modules): the whole line is unknown.
   */
  hidden?: string;
}

type P = ParameterSpec;
const sw = (name: string, aliases: string[] = [], safe = true): P => ({
  name,
  switch: true,
  ...(aliases.length ? { aliases } : {}),
  ...(safe ? { safe: true as const } : {}),
});
const val = (name: string, aliases: string[] = [], extra: Partial<P> = {}, safe = true): P => ({
  name,
  ...(aliases.length ? { aliases } : {}),
  ...extra,
  ...(safe ? { safe: true as const } : {}),
});
const unsafe = (p: P): P => {
  const { safe: _, ...rest } = p;
  return rest;
};

/** The common parameters every cmdlet has (about_CommonParameters). */
const COMMON: readonly P[] = [
  sw('Verbose', ['vb']),
  sw('Debug', ['db'], false),
  val('ErrorAction', ['ea']),
  val('WarningAction', ['wa']),
  val('InformationAction', ['infa']),
  val('ProgressAction', ['proga']),
  val('ErrorVariable', ['ev'], {}, false),
  val('WarningVariable', ['wv'], {}, false),
  val('InformationVariable', ['iv'], {}, false),
  val('OutVariable', ['ov'], {}, false),
  val('OutBuffer', ['ob']),
  val('PipelineVariable', ['pv'], {}, false),
];
/** The risk-mitigation parameters of cmdlets that change state. */
const SHOULD_PROCESS: readonly P[] = [sw('WhatIf', ['wi'], false), sw('Confirm', ['cf'], false)];

/** A path parameter; `position` -1 for a named-only one. */
const path = (use: PathUse, position = 0, names: [string, string[]] = ['Path', []]): P => ({
  name: names[0],
  ...(names[1].length ? { aliases: names[1] } : {}),
  ...(position >= 0 ? { position } : {}),
  path: use,
  safe: true,
});
const literalPath = (use: PathUse): P => ({ name: 'LiteralPath', aliases: ['PSPath', 'LP'], path: use, literal: true, safe: true });
const filters = (): P[] => [val('Filter'), val('Include'), val('Exclude')];
const credential = (): P => val('Credential', [], {}, false);

function cmdlet(name: string, params: P[], extra: Omit<CmdletSpec, 'name' | 'params'> = {}): CmdletSpec {
  const all = [...params, ...COMMON, ...(extra.readOnly ? [] : SHOULD_PROCESS)];
  // Only read-only cmdlets have safe parameters: the flag means nothing elsewhere.
  return { name, params: extra.readOnly ? all : all.map(unsafe), ...extra };
}

const hidden = (name: string, why: string): CmdletSpec => ({ name, params: [], hidden: why });

/** The cmdlets toolgate reads (see the module description for sources). @public */
export const POWERSHELL_CMDLETS: readonly CmdletSpec[] = [
  // Read-only: the allowlist. Parameters not marked safe take a command off it.
  cmdlet(
    'Get-ChildItem',
    [
      path('read'),
      literalPath('read'),
      val('Filter', [], { position: 1 }),
      val('Include'),
      val('Exclude'),
      sw('Recurse', ['s']),
      val('Depth'),
      sw('Force'),
      sw('Name'),
      val('Attributes'),
      sw('FollowSymlink', [], false),
      sw('Directory', ['ad', 'd']),
      sw('File', ['af']),
      sw('Hidden', ['ah', 'h']),
      sw('ReadOnly', ['ar']),
      sw('System', ['as']),
    ],
    { readOnly: true, pipelinePath: 'read' },
  ),
  cmdlet(
    'Get-Content',
    [
      path('read'),
      literalPath('read'),
      val('ReadCount'),
      val('TotalCount', ['First', 'Head']),
      val('Tail', ['Last']),
      ...filters(),
      sw('Force'),
      credential(),
      val('Delimiter'),
      sw('Wait', [], false),
      sw('Raw'),
      val('Encoding'),
      sw('AsByteStream'),
      val('Stream'),
    ],
    { readOnly: true, pipelinePath: 'read' },
  ),
  cmdlet('Get-Item', [path('read'), literalPath('read'), ...filters(), sw('Force'), credential(), val('Stream')], {
    readOnly: true,
    pipelinePath: 'read',
  }),
  cmdlet('Get-ItemProperty', [path('read'), literalPath('read'), val('Name', [], { position: 1 }), ...filters(), credential()], {
    readOnly: true,
    pipelinePath: 'read',
  }),
  cmdlet(
    'Test-Path',
    [
      path('read'),
      literalPath('read'),
      ...filters(),
      val('PathType', ['Type']),
      sw('IsValid'),
      credential(),
      val('OlderThan'),
      val('NewerThan'),
    ],
    { readOnly: true, pipelinePath: 'read' },
  ),
  cmdlet('Resolve-Path', [path('read'), literalPath('read'), sw('Relative'), val('RelativeBasePath', [], {}, false), credential()], {
    readOnly: true,
    pipelinePath: 'read',
  }),
  cmdlet('Get-FileHash', [path('read'), literalPath('read'), val('InputStream', [], {}, false), val('Algorithm')], {
    readOnly: true,
    pipelinePath: 'read',
  }),
  cmdlet(
    'Select-String',
    [
      val('Pattern', [], { position: 0 }),
      path('read', 1),
      literalPath('read'),
      val('InputObject'),
      sw('SimpleMatch'),
      sw('CaseSensitive'),
      sw('Quiet'),
      sw('List'),
      sw('NoEmphasis'),
      val('Include'),
      val('Exclude'),
      sw('NotMatch'),
      sw('AllMatches'),
      val('Encoding'),
      val('Context'),
      sw('Raw'),
      val('Culture'),
    ],
    { readOnly: true, pipelinePath: 'read' },
  ),
  cmdlet(
    'Import-Csv',
    [path('read'), literalPath('read'), val('Delimiter', [], { position: 1 }), sw('UseCulture'), val('Header'), val('Encoding')],
    { readOnly: true, pipelinePath: 'read' },
  ),
  cmdlet('Get-Location', [val('PSProvider'), val('PSDrive'), sw('Stack'), val('StackName')], { readOnly: true }),
  cmdlet('Set-Location', [path('read'), literalPath('read'), sw('PassThru'), val('StackName')], { readOnly: true, location: 'set' }),
  cmdlet('Push-Location', [path('read'), literalPath('read'), sw('PassThru'), val('StackName')], { readOnly: true, location: 'push' }),
  cmdlet('Pop-Location', [sw('PassThru'), val('StackName')], { readOnly: true, location: 'pop' }),
  cmdlet(
    'Split-Path',
    [
      path('none'),
      literalPath('none'),
      val('ChildPath', [], {}, false),
      sw('Qualifier'),
      sw('NoQualifier'),
      sw('Parent'),
      sw('Leaf'),
      sw('LeafBase'),
      sw('Extension'),
      sw('IsAbsolute'),
      sw('Resolve', [], false),
      credential(),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Join-Path',
    [
      path('none'),
      val('ChildPath', [], { position: 1 }),
      val('AdditionalChildPath', [], { position: 2, remaining: true }),
      sw('Resolve', [], false),
      credential(),
      val('Extension', [], {}, false),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Select-Object',
    [
      val('Property', [], { position: 0 }),
      val('ExcludeProperty'),
      val('ExpandProperty'),
      sw('Unique'),
      sw('CaseInsensitive'),
      val('Last'),
      val('First'),
      val('Skip'),
      val('SkipLast'),
      sw('Wait'),
      val('Index'),
      val('SkipIndex'),
      val('InputObject'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Where-Object',
    [
      val('Property', [], { position: 0 }),
      val('Value', [], { position: 1 }),
      val('InputObject'),
      ...[
        'EQ',
        'CEQ',
        'NE',
        'CNE',
        'GT',
        'CGT',
        'LT',
        'CLT',
        'GE',
        'CGE',
        'LE',
        'CLE',
        'Like',
        'CLike',
        'NotLike',
        'CNotLike',
        'Match',
        'CMatch',
        'NotMatch',
        'CNotMatch',
        'CContains',
        'NotContains',
        'CNotContains',
        'In',
        'CIn',
        'NotIn',
        'CNotIn',
        'Is',
        'IsNot',
        'Not',
      ].map((n) => sw(n)),
      sw('Contains', ['IContains']),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Sort-Object',
    [
      val('Property', [], { position: 0 }),
      sw('Descending'),
      sw('Unique'),
      val('Top'),
      val('Bottom'),
      sw('Stable'),
      sw('CaseSensitive'),
      val('Culture'),
      val('InputObject'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Measure-Object',
    [
      val('Property', [], { position: 0 }),
      sw('Sum'),
      sw('Average'),
      sw('Maximum'),
      sw('Minimum'),
      sw('StandardDeviation'),
      sw('AllStats'),
      sw('Line'),
      sw('Word'),
      sw('Character'),
      sw('IgnoreWhiteSpace'),
      val('InputObject'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Group-Object',
    [
      val('Property', [], { position: 0 }),
      sw('NoElement'),
      sw('AsHashTable'),
      sw('AsString'),
      sw('CaseSensitive'),
      val('Culture'),
      val('InputObject'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Format-Table',
    [
      val('Property', [], { position: 0 }),
      sw('AutoSize'),
      sw('RepeatHeader'),
      sw('HideTableHeaders'),
      sw('Wrap'),
      val('GroupBy'),
      val('View'),
      sw('ShowError'),
      sw('DisplayError'),
      sw('Force'),
      val('Expand'),
      val('InputObject'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Format-List',
    [
      val('Property', [], { position: 0 }),
      val('GroupBy'),
      val('View'),
      sw('ShowError'),
      sw('DisplayError'),
      sw('Force'),
      val('Expand'),
      val('InputObject'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Format-Wide',
    [
      val('Property', [], { position: 0 }),
      sw('AutoSize'),
      val('Column'),
      val('GroupBy'),
      val('View'),
      sw('ShowError'),
      sw('DisplayError'),
      sw('Force'),
      val('Expand'),
      val('InputObject'),
    ],
    { readOnly: true },
  ),
  cmdlet('Out-String', [sw('Stream'), val('Width'), sw('NoNewline'), val('InputObject')], { readOnly: true }),
  cmdlet('Out-Null', [val('InputObject')], { readOnly: true }),
  cmdlet('Write-Output', [val('InputObject', [], { position: 0, remaining: true }), sw('NoEnumerate')], { readOnly: true }),
  cmdlet(
    'Write-Host',
    [
      val('Object', [], { position: 0, remaining: true }),
      sw('NoNewline'),
      val('Separator'),
      val('ForegroundColor'),
      val('BackgroundColor'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Get-Date',
    [
      val('Date', [], { position: 0 }),
      val('Year'),
      val('Month'),
      val('Day'),
      val('Hour'),
      val('Minute'),
      val('Second'),
      val('Millisecond'),
      val('DisplayHint'),
      val('Format'),
      val('UFormat'),
      sw('AsUTC'),
      val('UnixTimeSeconds'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Get-Process',
    [
      val('Name', ['ProcessName'], { position: 0 }),
      val('Id', ['PID']),
      val('InputObject'),
      sw('IncludeUserName'),
      sw('Module'),
      sw('FileVersionInfo', ['FV', 'FVI']),
      val('ComputerName', ['Cn'], {}, false),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Get-Service',
    [
      val('Name', ['ServiceName'], { position: 0 }),
      val('DisplayName'),
      val('Include'),
      val('Exclude'),
      sw('DependentServices'),
      sw('RequiredServices', ['SDO', 'ServicesDependedOn']),
      val('InputObject'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'Get-Member',
    [val('Name', [], { position: 0 }), val('InputObject'), val('MemberType', ['Type']), val('View'), sw('Static'), sw('Force')],
    { readOnly: true },
  ),
  cmdlet(
    'Compare-Object',
    [
      val('ReferenceObject', [], { position: 0 }),
      val('DifferenceObject', [], { position: 1 }),
      val('SyncWindow'),
      val('Property'),
      sw('ExcludeDifferent'),
      sw('IncludeEqual'),
      sw('PassThru'),
      val('Culture'),
      sw('CaseSensitive'),
    ],
    { readOnly: true },
  ),
  cmdlet(
    'ConvertTo-Json',
    [val('InputObject', [], { position: 0 }), val('Depth'), sw('Compress'), sw('EnumsAsStrings'), sw('AsArray'), val('EscapeHandling')],
    { readOnly: true },
  ),
  cmdlet(
    'ConvertFrom-Json',
    [val('InputObject', [], { position: 0 }), sw('AsHashtable'), val('Depth'), sw('NoEnumerate'), val('DateKind')],
    { readOnly: true },
  ),
  cmdlet('Get-Unique', [val('InputObject'), sw('AsString'), sw('OnType'), sw('CaseInsensitive')], { readOnly: true }),
  cmdlet('Get-Alias', [val('Name', [], { position: 0 }), val('Exclude'), val('Scope'), val('Definition')], { readOnly: true }),
  cmdlet('Get-PSDrive', [val('Name', [], { position: 0 }), val('Scope'), val('PSProvider'), val('LiteralName')], { readOnly: true }),
  cmdlet('Get-Host', [], { readOnly: true }),
  cmdlet('Get-History', [val('Id', [], { position: 0 }), val('Count', [], { position: 1 })], { readOnly: true }),
  cmdlet('Start-Sleep', [val('Seconds', [], { position: 0 }), val('Milliseconds', ['ms']), val('Duration')], { readOnly: true }),

  // File cmdlets that change files.
  cmdlet(
    'Set-Content',
    [
      path('write'),
      literalPath('write'),
      val('Value', [], { position: 1 }),
      sw('PassThru'),
      ...filters(),
      sw('Force'),
      credential(),
      sw('NoNewline'),
      val('Encoding'),
      sw('AsByteStream'),
      val('Stream'),
    ],
    { acceptEdits: true, pipelinePath: 'write' },
  ),
  cmdlet(
    'Add-Content',
    [
      path('write'),
      literalPath('write'),
      val('Value', [], { position: 1 }),
      sw('PassThru'),
      ...filters(),
      sw('Force'),
      credential(),
      sw('NoNewline'),
      val('Encoding'),
      sw('AsByteStream'),
      val('Stream'),
    ],
    { acceptEdits: true, pipelinePath: 'write' },
  ),
  cmdlet('Clear-Content', [path('write'), literalPath('write'), ...filters(), sw('Force'), credential(), val('Stream')], {
    acceptEdits: true,
    pipelinePath: 'write',
  }),
  cmdlet('Remove-Item', [path('remove'), literalPath('remove'), ...filters(), sw('Recurse'), sw('Force'), credential(), val('Stream')], {
    acceptEdits: true,
    pipelinePath: 'remove',
  }),
  cmdlet(
    'Copy-Item',
    [
      path('read'),
      literalPath('read'),
      path('write', 1, ['Destination', []]),
      sw('Container'),
      sw('Force'),
      ...filters(),
      sw('Recurse'),
      sw('PassThru'),
      credential(),
      val('FromSession', [], {}, false),
      val('ToSession', [], {}, false),
    ],
    { pipelinePath: 'read' },
  ),
  cmdlet(
    'Move-Item',
    [path('remove'), literalPath('remove'), path('write', 1, ['Destination', []]), sw('Force'), ...filters(), sw('PassThru'), credential()],
    { pipelinePath: 'remove' },
  ),
  cmdlet(
    'Rename-Item',
    [path('remove'), literalPath('remove'), val('NewName', [], { position: 1 }), sw('Force'), sw('PassThru'), credential()],
    { pipelinePath: 'remove' },
  ),
  cmdlet('New-Item', [path('write'), val('Name'), val('ItemType', ['Type']), val('Value', ['Target']), sw('Force'), credential()], {
    pipelinePath: 'write',
  }),
  cmdlet('Out-File', [
    path('write', 0, ['FilePath', ['Path']]),
    literalPath('write'),
    val('Encoding', [], { position: 1 }),
    sw('Append'),
    sw('Force'),
    sw('NoClobber', ['NoOverwrite']),
    val('Width'),
    sw('NoNewline'),
    val('InputObject'),
  ]),
  cmdlet('Tee-Object', [
    path('write', 0, ['FilePath', ['Path']]),
    literalPath('write'),
    sw('Append'),
    val('Encoding'),
    val('Variable'),
    val('InputObject'),
  ]),
  cmdlet('Export-Csv', [
    path('write'),
    literalPath('write'),
    val('InputObject'),
    sw('Force'),
    sw('NoClobber', ['NoOverwrite']),
    val('Encoding'),
    sw('Append'),
    val('Delimiter', [], { position: 1 }),
    sw('UseCulture'),
    sw('NoTypeInformation', ['NTI']),
    sw('IncludeTypeInformation', ['ITI']),
    val('QuoteFields', ['QF']),
    val('UseQuotes', ['UQ']),
    sw('NoHeader'),
  ]),
  cmdlet('Expand-Archive', [path('read'), literalPath('read'), path('write', 1, ['DestinationPath', []]), sw('Force'), sw('PassThru')]),
  cmdlet('Compress-Archive', [
    path('read'),
    literalPath('read'),
    path('write', 1, ['DestinationPath', []]),
    val('CompressionLevel'),
    sw('Update'),
    sw('Force'),
    sw('PassThru'),
  ]),
  cmdlet('Invoke-WebRequest', [
    val('Uri', ['Url'], { position: 0 }),
    path('write', -1, ['OutFile', []]),
    path('read', -1, ['InFile', []]),
    val('Method'),
    val('Headers'),
    val('Body'),
    val('ContentType'),
    val('UserAgent'),
    val('TimeoutSec'),
    sw('UseBasicParsing'),
    val('MaximumRedirection'),
    sw('SkipCertificateCheck'),
    sw('PassThru'),
    val('Proxy'),
  ]),
  cmdlet('Invoke-RestMethod', [
    val('Uri', ['Url'], { position: 0 }),
    path('write', -1, ['OutFile', []]),
    path('read', -1, ['InFile', []]),
    val('Method'),
    val('Headers'),
    val('Body'),
    val('ContentType'),
    val('UserAgent'),
    val('TimeoutSec'),
    sw('UseBasicParsing'),
    val('MaximumRedirection'),
    sw('SkipCertificateCheck'),
    sw('PassThru'),
    val('Proxy'),
  ]),
  cmdlet('Stop-Process', [val('Id', [], { position: 0 }), val('Name', ['ProcessName']), val('InputObject'), sw('PassThru'), sw('Force')]),
  cmdlet('Clear-Host', []),

  // Run code toolgate cannot see, or change how later commands are read.
  hidden('Invoke-Expression', 'runs a string as code'),
  hidden('Invoke-Command', 'runs a script block'),
  hidden('Start-Process', 'starts a process toolgate does not read'),
  hidden('Start-Job', 'runs a script block as a job'),
  hidden('Start-ThreadJob', 'runs a script block as a job'),
  hidden('ForEach-Object', 'runs a script block or a method on each input'),
  hidden('Add-Type', 'compiles and loads code'),
  hidden('Import-Module', 'loads a module, which runs its code'),
  hidden('New-Module', 'runs a script block as a module'),
  hidden('Invoke-Item', 'opens items with their default program'),
  hidden('Invoke-History', 'runs earlier commands again'),
  hidden('Set-Alias', 'changes what a command name means'),
  hidden('New-Alias', 'changes what a command name means'),
  hidden('Import-Alias', 'changes what command names mean'),
  hidden('Set-Item', 'may change aliases, functions, variables or the environment'),
  hidden('New-PSDrive', 'maps a drive, which changes what later paths mean'),
  hidden('Set-Variable', 'may change preference variables that change later commands'),
  hidden('New-Variable', 'may change preference variables that change later commands'),
  hidden('Enter-PSSession', 'runs commands elsewhere'),
  hidden('New-PSSession', 'runs commands elsewhere'),
  hidden('Set-PSBreakpoint', 'runs a script block on a breakpoint'),
  hidden('Register-ObjectEvent', 'runs a script block on an event'),
  hidden('Register-EngineEvent', 'runs a script block on an event'),
  hidden('Trace-Command', 'runs a script block'),
  hidden('Measure-Command', 'runs a script block'),
  hidden('Get-Command', 'may import modules, which runs their code'),
  hidden('Get-Help', 'may import modules, which runs their code'),
  hidden('Set-ExecutionPolicy', 'changes which scripts may run'),
];

const BY_NAME: ReadonlyMap<string, CmdletSpec> = new Map(POWERSHELL_CMDLETS.map((c) => [c.name.toLowerCase(), c]));

/** The spec of a cmdlet by its canonical name (any case). @public */
export function cmdletSpec(name: string): CmdletSpec | undefined {
  return BY_NAME.get(name.toLowerCase());
}
