import type { Platform, ToolCall } from '../core/types.js';
import { hasShortName, isInsideAny, normalizePath, resolveProcAlias, resolveWindowsShare } from '../paths/index.js';
import { realPathOf } from '../paths/real.js';
import { toolFamily } from '../rules/index.js';
import { analyzeShell, shellPathEffects } from '../shell/index.js';
import { globSourceOf, knownCommandDirectories } from '../shell/effects/path-effects.js';
import type { PathEffect, PathNames, ShellAnalysis } from '../shell/types.js';
import { readsConfiguredOrderFile } from '../shell/programs/git/files.js';
import { gitObjectWords } from '../shell/programs/git/tracked-reads.js';
import { powerShellFacts, type PowerShellFacts } from './powershell-facts.js';
import { ShellMatching } from './shell-matching.js';
import { analyzeShellSeeing } from '../shell/analyze.js';
import { patternNames } from './pattern-names.js';

/** What a call touches, worked out once per call and shared by every step. @public */
export type CallFacts =
  | {
      kind: 'read';
      path: string;
      raw: string;
      realPath?: string;
      /** Other spellings of the same file (`/proc/self/cwd/x`, a Windows admin share), for deny rules. */
      aliases?: string[];
      /** Why the path may name another file than toolgate can tell (an open descriptor, an 8.3 short name). */
      aliasUnknown?: string;
      /** For Glob and Grep: the absolute glob of what is searched (the path joined with the pattern). */
      glob?: string;
    }
  | { kind: 'edit'; path: string; raw: string; realPath?: string; aliases?: string[]; aliasUnknown?: string }
  | {
      kind: 'shell';
      command: string;
      analysis: ShellAnalysis;
      /** What matching rules works out once for this call (its texts, word variants, opaque parts: `shell-matching.ts`). */
      matching: ShellMatching;
      effects: PathEffect[];
      cwdAfter: string;
      unresolved: string[];
    }
  | PowerShellFacts
  | { kind: 'web'; url: string }
  | { kind: 'interaction' }
  | { kind: 'mcp' }
  | { kind: 'other' }
  | { kind: 'invalid'; message: string };

/**
 * The tracked files a git command reads by naming their blob (red team 11, #37): `git cat-file -p
 * ec68fdd` where the index gives `.env` a blob id starting so, `git tag t <that id>`, `git show
 * :x.txt` where the index entry `x.txt` holds the same blob as `.env`. Each is a read of that file
 * by its path, so a Read rule on it decides (the command's tree read stays for ids the index
 * cannot match: an older blob, a tree, a commit).
 */
function objectBlobReads(
  analysis: ShellAnalysis,
  effects: readonly PathEffect[],
  lookup: NonNullable<FactsContext['gitObjectPaths']>,
): PathEffect[] {
  const out: PathEffect[] = [];
  for (const e of effects) {
    if (e.op !== 'read' || (e.gitTakes !== 'tracked' && e.fromHistory !== true)) continue;
    const argv = analysis.commands[e.command]?.argv;
    if (argv === undefined) continue;
    const { ids, readsIndex } = gitObjectWords(argv);
    const found =
      e.gitTakes === 'tracked'
        ? ids.length > 0
          ? lookup(e.path, ids, [])
          : undefined
        : readsIndex
          ? lookup(e.path.slice(0, Math.max(1, e.path.lastIndexOf('/'))), [], [e.path])
          : undefined;
    const { tree: _tree, gitTakes: _takes, walksLinks: _walks, fromHistory: _history, ...rest } = e;
    for (const path of found ?? []) if (path !== e.path) out.push({ ...rest, path });
  }
  return out;
}

/**
 * The order files git commands of the line read because the configuration names one
 * (`diff.orderFile`, as `git diff -O F` names one): a read of that file, so a Read rule on it
 * applies. Each command is placed where it runs: after the `cd`s before it and its own `-C`
 * (`commandDirectories`, as its paths and its hooks are).
 */
function configuredOrderFileReads(
  analysis: ShellAnalysis,
  effects: readonly PathEffect[],
  cwd: string,
  lookup: NonNullable<FactsContext['gitOrderFile']>,
): PathEffect[] {
  const out: PathEffect[] = [];
  analysis.commands.forEach((cmd, i) => {
    if (!/(^|\/)git$/.test(cmd.argv[0] ?? '') || !readsConfiguredOrderFile(cmd.argv)) return;
    for (const file of new Set(knownCommandDirectories(effects, i, cwd).map(lookup)))
      if (file !== undefined) out.push({ op: 'read', path: file, raw: file, literal: true, command: i, glob: false });
  });
  return out;
}

/** The input fields a tool keeps its file path in. */
const PATH_FIELDS = ['file_path', 'notebook_path', 'path'] as const;

/** Options for working out the facts of a call. */
export interface FactsContext {
  cwd: string;
  home: string;
  platform: Platform;
  shell: 'bash' | 'sh' | 'zsh' | 'unknown';
  /** `CDPATH` in the environment: its value, `null` when known unset, `undefined` when it may be set. */
  cdPath?: string | null | undefined;
  /** `OLDPWD` in the environment: its value, `null` when known unset, `undefined` when it may be set. */
  oldPwd?: string | null | undefined;
  /** What is known of the environment the commands inherit (absent: any variable may be set). */
  environment?: { readonly values: Readonly<Record<string, string | null>>; readonly complete?: boolean };
  realpath?: (path: string) => string | undefined;
  isDirectory?: (path: string) => boolean | undefined;
  /** The names an absolute glob matches in the file-system view (see `ShellPathContext.globMatches`). */
  globMatches?: (glob: string) => { paths: readonly string[] } | { unknown: string };
  /**
   * Whether git's index may track a path below the link `path` (see `gitTracksBelow`); absent:
   * it may. A git read of the tracked files that names a link (`git grep X vendor/keys/`) reads
   * nothing of it unless so.
   */
  gitTracksBelow?: (path: string) => boolean;
  /**
   * The tracked files of the repository holding `dir` whose blob one of `ids` names, or that the
   * index entry of a path of `indexPaths` holds (see `gitObjectPaths`); absent or `undefined`:
   * not known (the reads stay those the command's model gives).
   */
  gitObjectPaths?: (dir: string, ids: readonly string[], indexPaths: readonly string[]) => string[] | undefined;
  /**
   * The order file git run in `dir` reads for the diffs it prints, as its configuration names it
   * (`diff.orderFile`); absent or `undefined`: none known.
   */
  gitOrderFile?: (dir: string) => string | undefined;
  /** The work tree git run in `dir` writes in where it is not the discovered one (see `ShellPathContext.gitWorkTree`). */
  gitWorkTree?: (dir: string) => string | { unknown: string } | undefined;
}

type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object';

/**
 * The types of the input fields of Claude Code's built-in tools (Claude Code docs, "Tools
 * reference"; Agent SDK tool input types). A known field with another type makes the input
 * malformed; unknown extra fields are left alone.
 */
const INPUT_FIELDS: Readonly<Record<string, Readonly<Record<string, FieldType>>>> = {
  PowerShell: { command: 'string', description: 'string', timeout: 'number', run_in_background: 'boolean' },
  Bash: { command: 'string', description: 'string', timeout: 'number', run_in_background: 'boolean', dangerouslyDisableSandbox: 'boolean' },
  Read: { file_path: 'string', offset: 'number', limit: 'number' },
  Edit: { file_path: 'string', old_string: 'string', new_string: 'string', replace_all: 'boolean' },
  MultiEdit: { file_path: 'string', edits: 'array' },
  Write: { file_path: 'string', content: 'string' },
  NotebookEdit: { notebook_path: 'string', new_source: 'string', cell_id: 'string', cell_type: 'string', edit_mode: 'string' },
  Glob: { pattern: 'string', path: 'string' },
  Grep: { pattern: 'string', path: 'string', glob: 'string', type: 'string', output_mode: 'string' },
  WebFetch: { url: 'string', prompt: 'string' },
  WebSearch: { query: 'string', allowed_domains: 'array', blocked_domains: 'array' },
  Agent: { prompt: 'string', description: 'string', subagent_type: 'string', model: 'string' },
};

function typeOf(v: unknown): FieldType | 'other' {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return typeof v as FieldType;
  if (Array.isArray(v)) return 'array';
  return v !== null && typeof v === 'object' ? 'object' : 'other';
}

/** A message when a known field of a built-in tool has the wrong type; `undefined` when the input is fine. */
const INPUT_FIELD_LISTS: ReadonlyMap<string, readonly (readonly [string, FieldType])[]> = new Map(
  Object.entries(INPUT_FIELDS).map(([tool, fields]) => [tool, Object.entries(fields)]),
);

function malformedInput(call: ToolCall): string | undefined {
  const fields = INPUT_FIELD_LISTS.get(call.tool);
  if (!fields) return undefined;
  for (const [name, type] of fields) {
    const v = call.input[name];
    if (v !== undefined && typeOf(v) !== type) return `${call.tool} input field "${name}" should be a ${type}`;
  }
  if (call.tool === 'MultiEdit' && Array.isArray(call.input['edits'])) {
    const bad = (call.input['edits'] as unknown[]).some(
      (e) =>
        typeOf(e) !== 'object' ||
        typeof (e as Record<string, unknown>)['old_string'] !== 'string' ||
        typeof (e as Record<string, unknown>)['new_string'] !== 'string',
    );
    if (bad) return 'MultiEdit input "edits" should be a list of { old_string, new_string } strings';
  }
  return undefined;
}

/** Work out what a call touches. Never throws: bad input gives `{ kind: 'invalid' }`. */
export function callFacts(call: ToolCall, ctx: FactsContext): CallFacts {
  const malformed = malformedInput(call);
  if (malformed !== undefined) return { kind: 'invalid', message: malformed };
  const family = toolFamily(call.tool);
  // The PowerShell tool is read as PowerShell, never by the Bash analyser.
  if (call.tool === 'PowerShell') {
    const command = call.input['command'];
    if (typeof command !== 'string') return { kind: 'invalid', message: 'PowerShell input has no string "command"' };
    return powerShellFacts(command, { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform, ...(ctx.realpath ? { realpath: ctx.realpath } : {}) });
  }
  switch (family) {
    case 'shell': {
      const command = call.input['command'];
      if (typeof command !== 'string') return { kind: 'invalid', message: `${call.tool} input has no string "command"` };
      const first = analyzeShell(command, { shell: ctx.shell });
      const pathContext = {
        cwd: ctx.cwd,
        home: ctx.home,
        platform: ctx.platform,
        cdPath: ctx.cdPath,
        oldPwd: ctx.oldPwd,
        shell: ctx.shell,
        ...(ctx.environment !== undefined ? { environment: ctx.environment } : {}),
        ...(ctx.realpath ? { realpath: ctx.realpath } : {}),
        ...(ctx.isDirectory ? { isDirectory: ctx.isDirectory } : {}),
        ...(ctx.globMatches ? { globMatches: ctx.globMatches } : {}),
        ...(ctx.gitWorkTree ? { gitWorkTree: ctx.gitWorkTree } : {}),
      };
      const firstEffects = shellPathEffects(first, pathContext);
      // A command name that is a pattern (`/usr/bin/gcc-1?`) is read again as the file the view shows it matches.
      const names = patternNames(first, firstEffects.effects, ctx.globMatches);
      const analysis = names === undefined ? first : analyzeShellSeeing(command, { shell: ctx.shell }, names);
      const { effects, cwdAfter, unresolved } = names === undefined ? firstEffects : shellPathEffects(analysis, pathContext);
      // git reads no link it is named, but reads a path its index tracks below one through it.
      for (const e of [...effects]) {
        if (e.linkItself !== true || e.gitTakes === undefined || e.viaSymlink === true) continue;
        const real = ctx.realpath?.(e.path);
        if (real === undefined || real === e.path || ctx.gitTracksBelow?.(e.path) === false) continue;
        delete e.linkItself;
        for (const x of effects) if (x.viaSymlink === true && x.path === e.path && x.command === e.command) delete x.linkItself;
        effects.push({ ...e, path: real, viaSymlink: true });
      }
      if (ctx.gitObjectPaths !== undefined) effects.push(...objectBlobReads(analysis, effects, ctx.gitObjectPaths));
      if (ctx.gitOrderFile !== undefined) effects.push(...configuredOrderFileReads(analysis, effects, ctx.cwd, ctx.gitOrderFile));
      return { kind: 'shell', command, analysis, matching: new ShellMatching(analysis), effects, cwdAfter, unresolved };
    }
    case 'read':
    case 'edit': {
      let raw: string | undefined;
      // LSP names its file `filePath` (Agent SDK `LspInput`); Read deny rules and the working
      // directories must see it, not the cwd.
      for (const field of call.tool === 'LSP' ? ['filePath', ...PATH_FIELDS] : PATH_FIELDS) {
        const v = call.input[field];
        if (typeof v === 'string') {
          raw = v;
          break;
        }
        if (v !== undefined) return { kind: 'invalid', message: `${call.tool} input field "${field}" is not a string` };
      }
      // Glob and Grep without a path search the cwd.
      if (raw === undefined) {
        if (family === 'read' && (call.tool === 'Glob' || call.tool === 'Grep' || call.tool === 'LSP')) raw = ctx.cwd;
        else return { kind: 'invalid', message: `${call.tool} input has no file path` };
      }
      if (raw.length === 0 || raw.includes('\0')) return { kind: 'invalid', message: `${call.tool} input has an empty or malformed path` };
      let path = normalizePath(raw, ctx);
      let glob: string | undefined;
      if (call.tool === 'Glob' || call.tool === 'Grep') {
        // What is searched: Glob's pattern (which may be absolute) and Grep's `glob` filter.
        const pattern = call.tool === 'Glob' ? call.input['pattern'] : call.input['glob'];
        if (typeof pattern === 'string' && pattern !== '') {
          const absolute = /^(\/|~|[A-Za-z]:[\\/])/.test(pattern);
          glob = absolute ? normalizePath(pattern, ctx) : `${path.replace(/\/$/, '')}/${pattern.includes('/') ? pattern : `**/${pattern}`}`;
          // An absolute pattern searches from its own literal directory, wherever `path` points.
          if (absolute) path = globBase(glob);
        }
      }
      const real = ctx.realpath?.(path);
      // A file that does not exist yet is reached through its folders as they really are: its
      // nearest existing parent's real path plus the rest (`vendor/keys/new` with
      // `vendor/keys -> ~/.ssh` writes `~/.ssh/new`), as the shell's path effects resolve it.
      // (`path` itself is not asked again.)
      const realpath = ctx.realpath;
      const realPath =
        real !== undefined
          ? normalizePath(real, ctx)
          : realpath !== undefined
            ? realPathOf(path, (p) => (p === path ? undefined : realpath(p)), ctx)
            : undefined;
      // Built field by field, in this order (no spreads: this runs on every Read and Edit call).
      const facts: Extract<CallFacts, { kind: 'read' }> | Extract<CallFacts, { kind: 'edit' }> = { kind: family, path, raw };
      if (realPath !== undefined && realPath !== path) facts.realPath = realPath;
      addPathAliases(facts, path, raw, ctx, real !== undefined);
      if (facts.kind === 'read' && glob !== undefined) facts.glob = glob;
      return facts;
    }
    case 'web': {
      if (call.tool === 'WebSearch') return { kind: 'web', url: '' };
      const url = call.input['url'];
      if (typeof url !== 'string') return { kind: 'invalid', message: `${call.tool} input has no string "url"` };
      return { kind: 'web', url };
    }
    case 'interaction':
      return { kind: 'interaction' };
    case 'mcp':
      return { kind: 'mcp' };
    default:
      return { kind: 'other' };
  }
}

let lastCwd = { cwd: '', home: '', platform: '', normalized: '' };

/** `ctx.cwd` normalised (the last answer kept: every call of a context has the same one). */
function normalizedCwd(ctx: FactsContext): string {
  const last = lastCwd;
  if (last.cwd === ctx.cwd && last.home === ctx.home && last.platform === ctx.platform) return last.normalized;
  const normalized = normalizePath(ctx.cwd, { cwd: '/', home: ctx.home, platform: ctx.platform });
  lastCwd = { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform, normalized };
  return normalized;
}

/** Add the other spellings of a tool's path: `/proc/self/cwd`, a Windows admin share, an 8.3 name the file system did not resolve. */
function addPathAliases(
  out: { aliases?: string[]; aliasUnknown?: string },
  path: string,
  raw: string,
  ctx: FactsContext,
  resolved: boolean,
): void {
  const cwd = normalizedCwd(ctx);
  const found = ctx.platform === 'windows' ? resolveWindowsShare(path) : resolveProcAlias(path, cwd, raw);
  if (found.path !== path) out.aliases = [found.path];
  if (found.unknown !== undefined) out.aliasUnknown = found.unknown;
  else if (ctx.platform === 'windows' && !resolved && hasShortName(path))
    out.aliasUnknown = `${raw} may hold an 8.3 short name that only the file system can resolve`;
}

/** The directory a glob cannot leave: the segments before the first one with a glob character. */
export function globBase(path: string): string {
  const segments = path.split('/');
  const i = segments.findIndex((seg) => /[*?[\]{}]/.test(seg));
  return i < 0 ? path : segments.slice(0, i).join('/') || '/';
}

/** The paths a call's facts read and write, for rule and directory checks. */
export function touchedPaths(facts: CallFacts): { reads: string[]; writes: string[]; removes: string[] } {
  switch (facts.kind) {
    case 'read':
      return { reads: withReal(facts.path, facts.realPath), writes: [], removes: [] };
    case 'edit':
      return { reads: [], writes: withReal(facts.path, facts.realPath), removes: [] };
    case 'shell':
    case 'powershell': {
      const out = { reads: [] as string[], writes: [] as string[], removes: [] as string[] };
      for (const e of facts.effects) {
        if (e.op === 'read') out.reads.push(e.path);
        else if (e.op === 'write') out.writes.push(e.path);
        else out.removes.push(e.path);
      }
      return out;
    }
    default:
      return { reads: [], writes: [], removes: [] };
  }
}

/** A path a shell command may write, as the protected-path check sees it. @internal */
export interface ShellWrite {
  /** Absolute, normalised path written (a name prefix as its first name, `pfxaa`). */
  path: string;
  /** Why the path may be another one (a variable or substitution as the target): any path may be protected. */
  mayBeAny?: string;
  /** Names toolgate cannot see are written under the path (`tar -C DIR x`, `cp -r src DIR`). */
  unseenNames?: boolean;
  /** The path is removed, not written: its other names (hard links) keep their content. */
  removal?: boolean;
  /** Where the names written or removed under the path come from, when the command line does not say. */
  names?: PathNames;
  /** The program takes the name itself, its last part not followed (`mv` of a link moves the link). */
  linkItself?: boolean;
  /** The path becomes a symbolic link the command makes (`PathEffect.madeLink`): what is below it is what the folder it leads to holds. */
  madeLink?: PathEffect['madeLink'];
  /** For names a program works out as it runs (`PathNames` `program`): why toolgate cannot (the effect's words). */
  namesWhy?: string;
  /** Only a write the command may do (`PathEffect.possible`): why. */
  possible?: string;
  /** The path's last name is a source glob's (`mv src/*.js lib/` writes `lib/*.js`): the source patterns whose matches' base names are written. */
  namesFrom?: readonly string[];
  /** The path is a pattern the shell expands, and each name it matches is written as itself (`PathEffect.shellMatches`). */
  shellMatches?: boolean;
  /**
   * The path is a stand-in (`path` is its first name, `pfxaa`) for the names the program makes
   * by adding to this text (split's `aa`, mktemp's random letters, `LD_DEBUG_OUTPUT`'s pid):
   * a person reads this, not the stand-in.
   */
  namePrefix?: string;
}

/**
 * Whether metadata a program makes (`DIR/.git`, a bare repository's `DIR/HEAD`) is made in a
 * protected folder: `git -C .claude init --bare` fills `.claude` with git's files (and a template's,
 * never overwriting), `git -C .git/hooks init` puts a repository among the hooks (red team 24,
 * RT24-G). Metadata made inside a repository's own `.git` (`git bundle unbundle`'s
 * `.git/objects`) is git's content where git keeps it.
 */
function inProtectedFolder(path: string, isProtected: (path: string) => string | undefined): boolean {
  const folder = path.slice(0, path.lastIndexOf('/'));
  if (folder === '' || /(?:^|\/)\.git$/i.test(folder)) return false;
  return isProtected(folder) !== undefined;
}

/**
 * What a shell command may write, for protected-path checks: every write and removal but the
 * metadata a program makes with content of its own (`git init`'s `.git`) outside a protected
 * folder; a bare word of a
 * program toolgate does not model only when it is itself a protected name (`vim lefthook.yml`).
 * @internal
 */
export function shellWrites(
  effects: readonly PathEffect[],
  isProtected: (path: string) => string | undefined,
  completesProtected?: (stem: string) => string | undefined,
): ShellWrite[] {
  const out: ShellWrite[] = [];
  for (const e of effects) {
    if (e.op === 'read' || (e.ownMetadata === true && !inProtectedFolder(e.path, isProtected))) continue;
    if (e.assumed === 'word') {
      const hit = isProtected(e.path);
      const last = e.path.slice(e.path.lastIndexOf('/') + 1).toLowerCase();
      if (hit === undefined || hit.split('/').pop()?.toLowerCase() !== last.replace(/[. ]+$/, '')) continue;
    }
    // A name prefix (`split x secrets/p`) writes `p` plus the suffixes split adds (`paa`, `pab`, …).
    const w: ShellWrite = { path: e.namePrefix === true ? `${e.path.slice(0, -1)}aa` : e.path };
    if (e.namePrefix === true) w.namePrefix = e.path.slice(0, -1);
    if (e.namePrefix === true && completesProtected !== undefined) {
      // The suffix is the program's: split's letters reach `rc` at piece 445, csplit's printf format
      // may print anything (`-f .npm -b 'rc%.0d'` writes `.npmrc`).
      const stem = e.path.slice(0, -1);
      const hit = completesProtected(stem);
      if (hit !== undefined) {
        w.mayBeAny = `it writes names that begin with ${stem} and end in a suffix the program adds, which may complete the protected name ${hit}`;
      }
    }
    // A name the word itself makes unknown (sed's `-i$s`, gzip's `-S $s`) is said by the why that names that word.
    if (!e.literal && !e.glob && e.assumed === undefined && /[$`]/.test(e.raw))
      w.mayBeAny = e.because?.includes(e.raw) === true ? e.because : `the target ${e.raw} is not literal`;
    if (e.unsettled !== undefined) w.mayBeAny = `toolgate cannot settle what ${e.raw} names: ${e.unsettled}; it may name a protected file`;
    if (e.tree === 'some' && e.op === 'write') w.unseenNames = true;
    if (e.op === 'remove') w.removal = true;
    if (e.names !== undefined) w.names = e.names;
    if (e.names?.kind === 'unseen' && e.names.what === 'program') w.namesWhy = e.raw;
    if (e.linkItself === true) w.linkItself = true;
    if (e.madeLink !== undefined) w.madeLink = e.madeLink;
    if (e.shellMatches === true) w.shellMatches = true;
    if (e.possible !== undefined) w.possible = e.possible;
    // Why a word that is not literal may make this write: said with the path (the decision is the same).
    else if (e.because !== undefined) w.possible = e.because;
    // A word of a program toolgate has no model of is a write it may do, not one it surely does
    // (`ldd /bin/ls` reads its operand): said so, the decision the same.
    else if (e.assumed !== undefined)
      w.possible = `${e.raw} is given to a program whose file effects toolgate does not model: it may write it`;
    const from = globSourceOf(e);
    if (from !== undefined) w.namesFrom = from;
    out.push(w);
  }
  return out;
}

function withReal(path: string, real: string | undefined): string[] {
  return real !== undefined ? [path, real] : [path];
}

/** Is every path inside the working directories? */
export function allInside(paths: string[], dirs: string[]): boolean {
  return paths.every((p) => isInsideAny(p, dirs));
}
