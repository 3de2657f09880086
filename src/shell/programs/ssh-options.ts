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
 * `Include` lines read (words as ssh splits them: `~/` and relative names are ssh's to place).
 * Each line is `Keyword value` or `Keyword=value`, keywords in any case; `#` starts a comment
 * line, and a word that starts with `#` ends the words of an `Include` or `Match` line. A
 * command keyword's value is the rest of the line as written (readconf.c's `parse_command`: the
 * shell ssh runs it with reads a trailing `# …` as a comment). The one reader of ssh_config
 * lines: `ssh -F`/`core.sshCommand` files (`command-code.ts`) and `~/.ssh/config` with what it
 * includes (`sourced-files.ts`).
 *
 * Verified with OpenSSH 9.2p1 (`ssh -G -F FILE x` under strace): `Include A # note` reads only
 * `A`, `Include "my file" B` reads `my file` and `B`, `Include e\ f g\"h` reads `e f` and `g"h`,
 * `Include c#d` reads `c#d`; `Match exec "M %h" # c` ran `/bin/bash -c "M x"`.
 * @internal
 */
export function sshConfigLines(text: string): SshConfigLines {
  const commands: string[] = [];
  const includes: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*(?:#|$)/.test(line)) continue;
    const { keyword, value } = keywordOf(line);
    if (RUNNING_KEYWORDS.has(keyword) && value !== '' && value.toLowerCase() !== 'none') commands.push(unquotedValue(value));
    else if (keyword === 'include') includes.push(...sshWords(value));
    else if (keyword === 'match') commands.push(...matchExecs(sshWords(value)));
  }
  return { commands, includes };
}

/**
 * The words of a configuration line's value as OpenSSH 9.2 splits them (misc.c `argv_split` with
 * `terminate_on_comment`): blanks separate words outside quotes, `"…"` and `'…'` quote, a
 * backslash escapes a quote, a backslash or (outside quotes) a blank, and a `#` where a word
 * would start ends the line. An unclosed quote is an error to ssh (the file is refused); its
 * word is kept as far as it goes, so what it may name is still read.
 * @internal
 */
export function sshWords(value: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < value.length) {
    const c = value[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '#') break;
    let word = '';
    let quote = '';
    for (; i < value.length; i++) {
      const d = value[i]!;
      const next = value[i + 1];
      if (d === '\\' && next !== undefined && (next === "'" || next === '"' || next === '\\' || (quote === '' && next === ' '))) word += value[++i]!;
      else if (quote === '' && (d === ' ' || d === '\t')) break;
      else if (quote === '' && (d === '"' || d === "'")) quote = d;
      else if (quote !== '' && d === quote) quote = '';
      else word += d;
    }
    words.push(word);
  }
  return words;
}

/**
 * The commands a `Match` line's `exec` criteria run (negated `!exec` too: ssh runs the command
 * to know). Each criterion but `all`, `canonical` and `final` takes the next word as its
 * argument (readconf.c `match_cfg_line`): in `Match host exec` the word `exec` is a host pattern.
 */
function matchExecs(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const criterion = words[i]!.replace(/^!/, '').toLowerCase();
    if (criterion === 'all' || criterion === 'canonical' || criterion === 'final') continue;
    const argument = words[++i];
    if (criterion === 'exec' && argument !== undefined) out.push(argument);
  }
  return out;
}

/** A value without the double quotes around it (ssh_config's quoting of one argument). */
const unquotedValue = (value: string): string => (/^"[\s\S]*"$/.test(value) ? value.slice(1, -1) : value);
