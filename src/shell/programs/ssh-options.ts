/**
 * ssh's option grammar and the ssh_config keywords that run or load code, as a table both the ssh
 * model (`ssh.ts`, scp, sftp) and the reader of what a command run with no tool call executes
 * (`unattended-runs.ts`, decision 0128: `core.sshCommand = ssh -F ~/x.cfg`, whose `ProxyCommand`
 * git 2.39 ran on `git ls-remote`, red team 26 RT26-A4) read. A main-bundle table: a Write or
 * Edit call reads it (tsup's `outside` list).
 *
 * Sources: OpenSSH 9.2 ssh(1), ssh_config(5) ("Match exec", "Include": a relative file is in
 * `~/.ssh` for a user configuration), ssh.c's getopt string.
 */

/** OpenSSH 9.2 ssh.c's getopt string: the letters followed by `:` take a value. */
export const SSH_OPTIONS = '1246ab:c:e:fgi:kl:m:no:p:qstvxAB:CD:E:F:GI:J:KL:MNO:P:Q:R:S:TVw:W:XYy';

/** ssh_config keywords whose value is a local command ssh runs (`none` runs nothing). */
export const RUNNING_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['proxycommand', 'ProxyCommand'],
  ['localcommand', 'LocalCommand'],
  ['knownhostscommand', 'KnownHostsCommand'],
]);

/**
 * ssh_config keywords whose value is a shared library ssh loads into itself (`none` loads
 * nothing): its code runs as ssh, as `gcc -fplugin=` does (ssh(1) `-I`, ssh_config(5)).
 */
export const LOADING_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['pkcs11provider', 'PKCS11Provider'],
  ['securitykeyprovider', 'SecurityKeyProvider'],
]);

/** One option ssh reads: its letter, its value, the index of the word that holds the value. @internal */
export interface SshOption {
  readonly letter: string;
  readonly value?: string;
  readonly index: number;
  readonly valueIndex?: number;
}

/** The options of `argv` as ssh reads them, or a problem. @internal */
export function sshOptions(argv: readonly string[]): { options: SshOption[] } | { problem: string } {
  const options: SshOption[] = [];
  let destination: number | undefined;
  let k = 1;
  for (;;) {
    for (; k < argv.length; k++) {
      const word = argv[k]!;
      if (word === '--') {
        k++;
        break;
      }
      if (!word.startsWith('-') || word === '-') break;
      for (let j = 1; j < word.length; j++) {
        const letter = word[j]!;
        const at = SSH_OPTIONS.indexOf(letter);
        if (at < 0 || letter === ':') return { problem: `unknown option -${letter}` };
        if (SSH_OPTIONS[at + 1] !== ':') {
          options.push({ letter, index: k });
          continue;
        }
        if (j + 1 < word.length) options.push({ letter, value: word.slice(j + 1), index: k });
        else if (k + 1 < argv.length) options.push({ letter, value: argv[k + 1]!, index: k, valueIndex: ++k });
        else return { problem: `-${letter} needs a value` };
        break;
      }
    }
    if (destination !== undefined || k >= argv.length) break;
    destination = k++;
  }
  return { options };
}

/** The keyword and value of one `-o` option (`ProxyCommand=sh x`, `ProxyCommand sh x`). @internal */
export function keywordOf(option: string): { keyword: string; value: string } {
  const m = /^\s*([A-Za-z0-9]+)\s*(?:=\s*|\s+)([\s\S]*)$/.exec(option);
  return m === null ? { keyword: option.trim().toLowerCase(), value: '' } : { keyword: m[1]!.toLowerCase(), value: m[2]!.trim() };
}


/** What one ssh configuration file's lines run and read: the commands (ProxyCommand, LocalCommand, KnownHostsCommand, `Match exec`) and the files `Include` names. @internal */
export interface SshConfigLines {
  readonly commands: readonly string[];
  readonly includes: readonly string[];
}

/**
 * The commands an ssh configuration's text has ssh run (`none` runs nothing) and the files its
 * `Include` lines read (words as written: `~/` and relative names are ssh's to place). Each line
 * is `Keyword value` or `Keyword=value`, keywords in any case; `#` starts a comment line.
 * @internal
 */
export function sshConfigLines(text: string): SshConfigLines {
  const commands: string[] = [];
  const includes: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*(?:#|$)/.test(line)) continue;
    const { keyword, value } = keywordOf(line);
    if (RUNNING_KEYWORDS.has(keyword) && value !== '' && value.toLowerCase() !== 'none') commands.push(unquotedValue(value));
    else if (keyword === 'include') includes.push(...value.split(/\s+/).filter((w) => w !== '').map(unquotedValue));
    else if (keyword === 'match')
      for (const m of value.matchAll(/(?:^|\s)!?exec\s+("[^"]*"|\S+)/gi)) commands.push(unquotedValue(m[1]!));
  }
  return { commands, includes };
}

/** A value without the double quotes around it (ssh_config's quoting of one argument). */
const unquotedValue = (value: string): string => (/^"[\s\S]*"$/.test(value) ? value.slice(1, -1) : value);
