/**
 * PowerShell's built-in aliases, as data.
 *
 * Sources (Microsoft, PowerShell docs):
 * - "about_Aliases" and `Get-Alias` in PowerShell 7.4 on Windows and Windows PowerShell 5.1
 *   (https://learn.microsoft.com/powershell/module/microsoft.powershell.core/about/about_aliases);
 * - "Using aliases" › compatibility aliases table (`md`/`mkdir` → New-Item, `dir`/`ls` → Get-ChildItem, ...)
 *   (https://learn.microsoft.com/powershell/scripting/learn/shell/using-aliases);
 * - "PowerShell differences on non-Windows platforms" › aliases not defined on Linux and macOS
 *   (https://learn.microsoft.com/powershell/scripting/whats-new/unix-support);
 * - "Differences between Windows PowerShell 5.1 and PowerShell 7.x" › `curl`, `wget` and `sc`
 *   removed (https://learn.microsoft.com/powershell/scripting/whats-new/differences-from-windows-powershell;
 *   `sc`: PowerShell/PowerShell#5827).
 * @packageDocumentation
 */

/**
 * One built-in alias.
 * - `native`: where the alias does not exist and the same word runs a native program instead:
 *   `unix` (PowerShell 7 on Linux and macOS) or `ps7` (every PowerShell 7: the alias is Windows
 *   PowerShell 5.1 only).
 * - `nativeDiffers`: the native program does something the cmdlet reading does not show
 *   (`diff a b` reads files a and b; Compare-Object compares two strings). Where the native
 *   program may run, such a command's effects are not known.
 * @public
 */
export interface PowerShellAlias {
  alias: string;
  cmdlet: string;
  native?: 'unix' | 'ps7';
  nativeDiffers?: true;
}

const A = (alias: string, cmdlet: string, native?: 'unix' | 'ps7', nativeDiffers?: true): PowerShellAlias => ({
  alias,
  cmdlet,
  ...(native ? { native } : {}),
  ...(nativeDiffers ? { nativeDiffers } : {}),
});

/** The built-in aliases of Windows PowerShell 5.1 and PowerShell 7 (see the sources above). @public */
export const POWERSHELL_ALIASES: readonly PowerShellAlias[] = [
  A('?', 'Where-Object'),
  A('%', 'ForEach-Object'),
  A('foreach', 'ForEach-Object'),
  A('where', 'Where-Object'),
  A('ac', 'Add-Content', 'unix', true),
  A('asnp', 'Add-PSSnapin', 'ps7'),
  A('cat', 'Get-Content', 'unix'),
  A('type', 'Get-Content'),
  A('gc', 'Get-Content'),
  A('cd', 'Set-Location'),
  A('chdir', 'Set-Location'),
  A('sl', 'Set-Location'),
  A('clc', 'Clear-Content'),
  A('clear', 'Clear-Host', 'unix'),
  A('cls', 'Clear-Host'),
  A('clhy', 'Clear-History'),
  A('cli', 'Clear-Item'),
  A('clp', 'Clear-ItemProperty'),
  A('clv', 'Clear-Variable'),
  A('cnsn', 'Connect-PSSession'),
  A('compare', 'Compare-Object', 'unix', true),
  A('diff', 'Compare-Object', 'unix', true),
  A('copy', 'Copy-Item'),
  A('cp', 'Copy-Item', 'unix'),
  A('cpi', 'Copy-Item'),
  A('cpp', 'Copy-ItemProperty', 'unix', true),
  A('curl', 'Invoke-WebRequest', 'ps7'),
  A('wget', 'Invoke-WebRequest', 'ps7', true),
  A('iwr', 'Invoke-WebRequest'),
  A('irm', 'Invoke-RestMethod'),
  A('cvpa', 'Convert-Path'),
  A('dbp', 'Disable-PSBreakpoint'),
  A('ebp', 'Enable-PSBreakpoint'),
  A('del', 'Remove-Item'),
  A('erase', 'Remove-Item'),
  A('rd', 'Remove-Item'),
  A('ri', 'Remove-Item'),
  A('rm', 'Remove-Item', 'unix'),
  A('rmdir', 'Remove-Item', 'unix'),
  A('dir', 'Get-ChildItem'),
  A('gci', 'Get-ChildItem'),
  A('ls', 'Get-ChildItem', 'unix'),
  A('dnsn', 'Disconnect-PSSession'),
  A('echo', 'Write-Output'),
  A('write', 'Write-Output', 'unix', true),
  A('epal', 'Export-Alias'),
  A('epcsv', 'Export-Csv'),
  A('epsn', 'Export-PSSession', 'ps7'),
  A('etsn', 'Enter-PSSession'),
  A('exsn', 'Exit-PSSession'),
  A('fc', 'Format-Custom'),
  A('fhx', 'Format-Hex'),
  A('fl', 'Format-List'),
  A('ft', 'Format-Table'),
  A('fw', 'Format-Wide'),
  A('gal', 'Get-Alias'),
  A('gbp', 'Get-PSBreakpoint'),
  A('gcb', 'Get-Clipboard'),
  A('gcm', 'Get-Command'),
  A('gcs', 'Get-PSCallStack'),
  A('gdr', 'Get-PSDrive'),
  A('gerr', 'Get-Error'),
  A('ghy', 'Get-History'),
  A('h', 'Get-History'),
  A('history', 'Get-History'),
  A('gi', 'Get-Item'),
  A('gin', 'Get-ComputerInfo'),
  A('gjb', 'Get-Job'),
  A('gl', 'Get-Location'),
  A('pwd', 'Get-Location'),
  A('gm', 'Get-Member'),
  A('gmo', 'Get-Module'),
  A('gp', 'Get-ItemProperty'),
  A('gpv', 'Get-ItemPropertyValue'),
  A('gps', 'Get-Process'),
  A('ps', 'Get-Process', 'unix'),
  A('group', 'Group-Object'),
  A('gsn', 'Get-PSSession'),
  A('gsnp', 'Get-PSSnapin', 'ps7'),
  A('gsv', 'Get-Service'),
  A('gtz', 'Get-TimeZone'),
  A('gu', 'Get-Unique'),
  A('gv', 'Get-Variable'),
  A('gwmi', 'Get-WmiObject', 'ps7'),
  A('icm', 'Invoke-Command'),
  A('iex', 'Invoke-Expression'),
  A('ihy', 'Invoke-History'),
  A('r', 'Invoke-History'),
  A('ii', 'Invoke-Item'),
  A('ipal', 'Import-Alias'),
  A('ipcsv', 'Import-Csv'),
  A('ipmo', 'Import-Module'),
  A('ipsn', 'Import-PSSession', 'ps7'),
  A('iwmi', 'Invoke-WmiMethod', 'ps7'),
  A('kill', 'Stop-Process', 'unix'),
  A('spps', 'Stop-Process'),
  A('lp', 'Out-Printer', 'unix', true),
  A('man', 'Get-Help', 'unix', true),
  A('help', 'Get-Help'),
  A('md', 'New-Item'),
  A('mkdir', 'New-Item'),
  A('ni', 'New-Item'),
  A('measure', 'Measure-Object'),
  A('mi', 'Move-Item'),
  A('move', 'Move-Item'),
  A('mv', 'Move-Item', 'unix'),
  A('mount', 'New-PSDrive', 'unix', true),
  A('ndr', 'New-PSDrive'),
  A('mp', 'Move-ItemProperty'),
  A('nal', 'New-Alias'),
  A('nmo', 'New-Module'),
  A('nsn', 'New-PSSession'),
  A('nv', 'New-Variable'),
  A('npssc', 'New-PSSessionConfigurationFile', 'ps7'),
  A('ogv', 'Out-GridView'),
  A('oh', 'Out-Host'),
  A('popd', 'Pop-Location'),
  A('pushd', 'Push-Location'),
  A('rbp', 'Remove-PSBreakpoint'),
  A('rcjb', 'Receive-Job'),
  A('rcsn', 'Receive-PSSession'),
  A('rdr', 'Remove-PSDrive'),
  A('ren', 'Rename-Item'),
  A('rni', 'Rename-Item'),
  A('rjb', 'Remove-Job'),
  A('rmo', 'Remove-Module'),
  A('rnp', 'Rename-ItemProperty'),
  A('rp', 'Remove-ItemProperty'),
  A('rsn', 'Remove-PSSession'),
  A('rsnp', 'Remove-PSSnapin', 'ps7'),
  A('rujb', 'Resume-Job'),
  A('rv', 'Remove-Variable'),
  A('rvpa', 'Resolve-Path'),
  A('rwmi', 'Remove-WmiObject', 'ps7'),
  A('sajb', 'Start-Job'),
  A('sal', 'Set-Alias'),
  A('saps', 'Start-Process'),
  A('start', 'Start-Process', 'unix', true),
  A('sasv', 'Start-Service'),
  A('sbp', 'Set-PSBreakpoint'),
  A('sc', 'Set-Content', 'ps7', true),
  A('scb', 'Set-Clipboard'),
  A('select', 'Select-Object'),
  A('set', 'Set-Variable'),
  A('sv', 'Set-Variable'),
  A('shcm', 'Show-Command'),
  A('si', 'Set-Item'),
  A('sleep', 'Start-Sleep', 'unix'),
  A('sls', 'Select-String'),
  A('sort', 'Sort-Object', 'unix', true),
  A('sp', 'Set-ItemProperty'),
  A('spjb', 'Stop-Job'),
  A('spsv', 'Stop-Service'),
  A('stz', 'Set-TimeZone'),
  A('sujb', 'Suspend-Job'),
  A('swmi', 'Set-WmiInstance', 'ps7'),
  A('tee', 'Tee-Object', 'unix'),
  A('trcm', 'Trace-Command'),
  A('wjb', 'Wait-Job'),
];

const BY_ALIAS: ReadonlyMap<string, PowerShellAlias> = new Map(POWERSHELL_ALIASES.map((a) => [a.alias.toLowerCase(), a]));

/** The built-in alias `name` (any case), if it is one. @public */
export function powerShellAlias(name: string): PowerShellAlias | undefined {
  return BY_ALIAS.get(name.toLowerCase());
}
