/**
 * The shell fuzzer's generator families: each builds commands from the pieces that split a
 * parser from bash, aimed at what the chosen settings forbid. Every generated call carries its
 * family, so the summary counts per family and a fail-open names the class it belongs to.
 */
import fc from 'fast-check';
import {
  abbreviations,
  BENIGN,
  COMBOS,
  OPERANDS,
  OPTION_VALUES,
  OPTIONS,
  PAYLOADS,
  PROGRAM_PAYLOADS,
  READ_ONLY_TOOLS,
  SEPARATORS,
  WRAPPER_ARGS,
  WRAPPERS,
  type Combo,
  type OptionSpec,
} from './vocabulary.js';
import { WORLD_FAMILIES, worldArbitrary, type WorldFamily, type WorldFamilyName } from './world-families.js';
import type { PlacedFile, ShellName } from '../bash-oracle/index.js';

/** One generated call: a command under a settings/mode combination. */
export interface Generated {
  family: FamilyName;
  /** `preset/mode` (a {@link Combo}, or one of the world families' combinations). */
  combo: string;
  command: string;
  /** Where the generator put the payload (brace-expansion: program/option/operand/redirect). */
  variant?: string;
  /** The user's shell (world families); bash when absent. */
  shell?: ShellName;
  /** The user's environment (world families). */
  env?: Record<string, string>;
  /** A scenario's calls, in order (then `command` is them joined by ` ;; `, for ids and reports). */
  calls?: string[];
  /** Shell code that makes the world the call meets (files the user's checkout already holds). */
  setup?: string;
  /** Environment facts told to toolgate (world families; the shell has the same values). */
  environment?: Record<string, string>;
  /** Files the world holds before the call, placed by the oracle (world families). */
  files?: readonly PlacedFile[];
  /** Judge a held call again by the next terminal (`startup-files`). */
  nextShell?: true;
}

/** The family names, as counted in the summary. */
export type FamilyName =
  | 'quoting'
  | 'line-continuation'
  | 'control-chars'
  | 'comments'
  | 'brace-expansion'
  | 'globs'
  | 'parameter-expansion'
  | 'arithmetic'
  | 'substitution'
  | 'heredoc'
  | 'assignment'
  | 'cd'
  | 'wrapper'
  | 'deny-program'
  | 'read-only-options'
  | 'path-program'
  | 'path-effects'
  | 'mutation'
  | WorldFamilyName;

type Part = { command: string; variant?: string };
type Build = (combo: Combo) => fc.Arbitrary<Part>;

/** Put a payload where a template says `P` (not the `@P` operator). */
const fill = (template: string, p: string) => template.replace(/(?<!@)\bP\b/g, () => p);

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const plain = (a: fc.Arbitrary<string>): fc.Arbitrary<Part> => a.map((command) => ({ command }));
const payload = (c: Combo) => pick(PAYLOADS[c]);
const program = (c: Combo) => pick(PROGRAM_PAYLOADS[c]);
const benign = (c: Combo) => pick(BENIGN[c]);
const sep = pick(SEPARATORS);

/** Put `p` after a benign command, before it, or alone. */
const around = (c: Combo, p: fc.Arbitrary<string>) =>
  fc
    .tuple(benign(c), sep, p, fc.integer({ min: 0, max: 2 }))
    .map(([b, s, x, where]) => (where === 0 ? `${b}${s}${x}` : where === 1 ? `${x}${s}${b}` : x));

// ---------------------------------------------------------------- quoting

const QUOTERS: ((ch: string) => string)[] = [
  (ch) => ch,
  (ch) => `\\${ch}`,
  (ch) => `'${ch}'`,
  (ch) => `"${ch}"`,
  (ch) => `$'${ch}'`,
  (ch) => `$'\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}'`,
  (ch) => `$'\\${ch.charCodeAt(0).toString(8).padStart(3, '0')}'`,
  (ch) => `${ch}''`,
  (ch) => `""${ch}`,
  (ch) => `$"${ch}"`,
];

/** Re-quote each character of a word in one of bash's quoting forms. */
const requote = (word: string) =>
  fc
    .array(fc.integer({ min: 0, max: QUOTERS.length - 1 }), { minLength: word.length, maxLength: word.length })
    .map((qs) => [...word].map((ch, i) => QUOTERS[qs[i]!]!(ch)).join(''));

const quoting: Build = (c) =>
  fc.oneof(
    // the payload's program name re-quoted
    program(c).chain((p) => {
      const [head, ...rest] = p.split(' ');
      return requote(head!).map((q) => ({ command: [q, ...rest].join(' '), variant: 'program' }));
    }),
    // a whole payload inside a quoted word that bash splits (eval-like forms) or not
    fc
      .tuple(payload(c), pick(['eval "%s"', "eval '%s'", 'echo "%s"', "echo '%s'", 'bash -c "%s"', "sh -c '%s'", "echo $'%s'"]))
      .map(([p, f]) => ({ command: f.replace('%s', p), variant: 'word' })),
    // a separator hidden (or not) in quotes
    fc
      .tuple(benign(c), pick([`';'`, `";"`, `\\;`, `$';'`, `';' `, `\\\\;`, `'\\';`, `"\\";`, `'';`, `"$";`]), program(c))
      .map(([b, s, p]) => ({ command: `${b} ${s} ${p}`, variant: 'separator' })),
    // unbalanced and nested quotes
    fc
      .tuple(benign(c), pick([`"'"`, `'"'`, `"\\""`, `'\\''`, `"$'"`, `$'\\''`, '"`"', '"\'$(echo)\'"']), sep, program(c))
      .map(([b, q, s, p]) => ({ command: `${b} ${q}${s}${p}`, variant: 'nesting' })),
  );

// ---------------------------------------------------------------- backslash + CR/LF

const NEWLINES = ['\n', '\r\n', '\r', '\n\r', '\r\r\n'];

const lineContinuation: Build = (c) =>
  fc.oneof(
    fc
      .tuple(benign(c), pick(NEWLINES), payload(c), pick([' \\', '\\', ' \\ ', '\\\\']))
      .map(([b, nl, p, bs]) => ({ command: `${b}${bs}${nl}${p}`, variant: 'after-word' })),
    fc.tuple(program(c), pick(NEWLINES), fc.integer({ min: 1, max: 6 })).map(([p, nl, at]) => {
      const i = Math.min(at, p.length - 1);
      return { command: `${p.slice(0, i)}\\${nl}${p.slice(i)}`, variant: 'inside-word' };
    }),
    fc
      .tuple(benign(c), pick(NEWLINES), program(c), pick(['#', "'", '"', '$(', '`']))
      .map(([b, nl, p, open]) => ({ command: `${b} ${open}\\${nl}${p}`, variant: 'after-open' })),
    fc.tuple(benign(c), pick(NEWLINES), payload(c)).map(([b, nl, p]) => ({ command: `${b}${nl}${p}`, variant: 'bare-newline' })),
  );

// ---------------------------------------------------------------- CR/VT/FF/NUL, Unicode spaces, format characters

const ODD_CHARS = [
  '\r',
  '\v',
  '\f',
  '\t',
  '\0',
  '\x1b',
  '\x7f',
  '\u0085',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2002',
  '\u2007',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\u180e',
];

const controlChars: Build = (c) =>
  fc.oneof(
    fc
      .tuple(benign(c), pick(ODD_CHARS), pick(['# ; ', '#;', '# && ', '#\n', ';', '&&', '|', ' ; ']), payload(c))
      .map(([b, ch, glue, p]) => ({ command: `${b}${ch}${glue}${p}`, variant: 'before-glue' })),
    fc.tuple(benign(c), pick(ODD_CHARS), payload(c)).map(([b, ch, p]) => ({ command: `${b}${ch}${p}`, variant: 'as-separator' })),
    fc.tuple(program(c), pick(ODD_CHARS)).map(([p, ch]) => ({ command: p.replace(' ', ch), variant: 'as-space' })),
    fc.tuple(benign(c), pick(ODD_CHARS), program(c)).map(([b, ch, p]) => ({ command: `${b} "${ch}"; ${p}`, variant: 'quoted' })),
  );

// ---------------------------------------------------------------- comments

const comments: Build = (c) =>
  fc.oneof(
    fc
      .tuple(
        benign(c),
        pick([' #', '#', ' \\#', " '#'", ' "#"', ' $#', ' ${#x}', ' #\\', ' # \\', ' #\r']),
        pick([' ; ', ';', '\n', '\r\n', ' && ']),
        payload(c),
      )
      .map(([b, hash, glue, p]) => ({ command: `${b}${hash}${glue}${p}`, variant: 'hash-then-command' })),
    fc.tuple(benign(c), payload(c)).map(([b, p]) => ({ command: `${b} # ${p}`, variant: 'true-comment' })),
    fc
      .tuple(pick(['x=#', 'echo a#b', 'echo #a', ': #', 'echo ${x#a}', 'echo $((1#1))']), sep, payload(c))
      .map(([a, s, p]) => ({ command: `${a}${s}${p}`, variant: 'hash-in-word' })),
    fc.tuple(benign(c), payload(c)).map(([b, p]) => ({ command: `${b} <<'#'\n${p}\n#`, variant: 'hash-delimiter' })),
  );

// ---------------------------------------------------------------- brace expansion

/** Options that write a file, read one, or run a program, per read-only tool. */
const DANGEROUS_OPTIONS: readonly string[] = [
  'rg --pre=evil',
  'rg --pre=/usr/local/bin/evil',
  'tree -o /opt/outside/t',
  'tree -o secrets/t',
  'tree -o .git/t',
  'sort -o planted',
  'sort --output=secrets/s',
  'sort --compress-program=evil',
  'diff --from-file=.env',
  'diff --to-file=~/id_rsa',
  'date --file=~/id_rsa',
  'date -f .env',
  'git log --output=planted',
  'git diff --output=secrets/d',
  'git log --ext-diff',
  'find . -exec evil ;',
  'find . -fprint planted',
  'find . -delete',
  'xxd README.md secrets/x',
  'xxd -r README.md planted',
  'wc --files0-from=.env',
  'du --files0-from=.env',
  'sed -n w\\ planted',
  'sed -i s/a/b/',
  'uniq README.md planted',
  'tee planted',
  'cat ~/id_rsa',
  'head .env',
  'git -c core.pager=evil -p log',
  'git --exec-path=. log',
  'md5sum -c .env',
  'hexdump -f .env',
];

const braceExpansion: Build = (c) =>
  fc.oneof(
    program(c).map((p) => ({ command: `{${p.split(' ').join(',')}}`, variant: 'program' })),
    fc.tuple(benign(c), program(c)).map(([b, p]) => ({ command: `${b}; {${p.replace(/ /g, ',')},}`, variant: 'program' })),
    fc.tuple(pick(DANGEROUS_OPTIONS), pick(['README.md', '.', 'src', ''])).map(([d, operand]) => {
      const [prog, ...rest] = d.split(' ');
      return { command: `${prog} {${rest.join(',')},x}${operand ? ` ${operand}` : ''}`, variant: 'option' };
    }),
    fc.tuple(pick(DANGEROUS_OPTIONS), pick(['{,-}', '{-,}', '{x,}', '{,x}'])).map(([d, shape]) => {
      const [prog, opt, ...more] = d.split(' ');
      return { command: `${prog} ${shape.replace('x', opt!).replace('-', opt!)} ${more.join(' ')} README.md`.trim(), variant: 'option' };
    }),
    fc
      .tuple(
        pick(['cat', 'ls', 'head', 'grep -r x', 'wc -l', 'diff', 'tail', 'xxd']),
        pick([
          '{README.md,.env}',
          '{.,..}',
          '{README.md,~/id_rsa}',
          '{src,/opt/outside}',
          '{a,b}/../../../opt/outside/notes.txt',
          '~{,/id_rsa}',
          '{..,~}',
          '{/opt/outside/notes.txt,README.md}',
          '{.e,}nv',
          '.{env,x}',
          '{secrets/key.txt,.env}',
        ]),
      )
      .map(([p, o]) => ({ command: `${p} ${o}`, variant: 'operand' })),
    fc
      .tuple(
        benign(c),
        pick(['>{planted,x}', '>{secrets/a}', '> {a,b}', '>{a,}', '>>{.git/config,}', '>{/opt/outside/r,x}', '>"{a,b}"', '>\\{a,b\\}']),
      )
      .map(([b, r]) => ({ command: `${b} ${r}`, variant: 'redirect' })),
    fc
      .tuple(pick(['{1..3}', '{a..c}', '{,,}', '{a,{b,c}}', '\\{a,b}', '{a,b', 'a,b}', '{a,b}{c,d}']), benign(c), sep, payload(c))
      .map(([bx, b, s, p]) => ({ command: `echo ${bx}${s}${b}${s === '\n' ? '\n' : ' && '}${p}`, variant: 'shapes' })),
  );

// ---------------------------------------------------------------- globs

const globs: Build = (c) =>
  fc.oneof(
    pick([
      '/???/?????/???/ev?l x',
      '/usr/local/bin/e* x',
      '[e]vil x',
      'ev[i]l x',
      'e?il x',
      '/u*/l*/b*/evil x',
      '/???/???/r? -rf src',
      '/usr/bin/r[m] -rf src',
      '/???/???/c?rl x',
      '~/../../../usr/local/bin/evil x',
      'shopt -s extglob; @(evil) x',
      '?(evil) x',
    ]).map((command) => ({ command, variant: 'program' })),
    fc
      .tuple(
        pick(['cat', 'head', 'ls', 'wc -c', 'grep -h .', 'tail', 'sort', 'od -c']),
        pick([
          '.e*',
          '.en?',
          '.[e]nv',
          '~/id*',
          '~/.ss?/*',
          '/opt/out*/*',
          '..?',
          '../*',
          '/*/*/id_rsa',
          '/home/*/id_rsa',
          '*/key.txt',
          'secrets/*',
          '.*',
          '~/.*',
          '/tmp/*',
          '/opt/*',
          '.g*/config',
          '*',
          '**',
        ]),
      )
      .map(([p, g]) => ({ command: `${p} ${g}`, variant: 'operand' })),
    // POSIX bracket expressions: classes, negation, bash's equivalence classes and collating symbols (red team 18 F2).
    fc
      .tuple(
        pick(['cat', 'head', 'grep -h .', 'sort']),
        pick([
          '.[[:alpha:]]nv',
          '.[![:upper:]]nv',
          '.[^[:digit:]]n?',
          '.[[:print:]][[:lower:]]v',
          '.[[=e=]]nv',
          '.[[.e.]]nv',
          '~/.[[:lower:]]s?/*',
        ]),
      )
      .map(([p, g]) => ({ command: `${p} ${g}`, variant: 'bracket-class' })),
    fc
      .tuple(
        benign(c),
        pick(['> .[[:alpha:]]laude/settings.json', '>> .[[:alnum:]]it/config', '>> ~/.[[:alpha:]]ashrc', '> [[:upper:]]EADME.md']),
      )
      .map(([b, r]) => ({ command: `${b} ${r}`, variant: 'bracket-class-redirect' })),
    fc
      .tuple(benign(c), pick(['> .g*/config', '> s*/a', '>> ~/.b*', '> /opt/o*/x', '> *']))
      .map(([b, r]) => ({ command: `${b} ${r}`, variant: 'redirect' })),
    fc
      .tuple(
        pick(['shopt -s dotglob', 'shopt -s globstar', 'shopt -s nocaseglob', 'shopt -s extglob', 'set -f', 'GLOBIGNORE=x']),
        pick(['cat *', 'cat s*/*', 'ls **', 'cat .EN?', 'cat +(.env)', 'ls !(x)']),
      )
      .map(([o, x]) => ({ command: `${o}; ${x}`, variant: 'options' })),
  );

// ---------------------------------------------------------------- parameter expansion

const PARAM_FORMS = [
  'echo ${x:-$(P)}',
  'echo "${x:-\'$(P)\'}"',
  'echo ${x:=$(P)}',
  'echo ${x:+$(P)}',
  'x=1; echo ${x:+$(P)}',
  'echo ${x-`P`}',
  'echo "${x:-"$(P)"}"',
  "x='$(P)'; echo ${x@P}",
  "x='\\$(P)'; echo ${x@P}",
  "x='a[$(P)]'; echo ${!x}",
  "x='a[$(P)]'; echo ${!x:-y}",
  'echo ${x:$(P)}',
  'echo ${x:0:$(P)}',
  'a=(1 2); echo ${a[$(P)]}',
  'a=(1 2); echo ${#a[$(P)]}',
  'echo ${x/$(P)/y}',
  'echo ${x//a/$(P)}',
  'echo ${x#$(P)}',
  'echo ${x%%`P`}',
  "x='$(P)'; echo ${x@Q}",
  "declare -A m; m['$(P)']=1; echo ${!m[@]}",
  'echo ${x?$(P)} 2>/dev/null; true',
  "a=('$(P)'); echo ${a[@]@P}",
  "x=y; y='a[$(P)]'; echo ${!x}",
  "echo ${x:-'}'$(P)'{'}",
  'echo "${x:-\\"$(P)\\"}"',
  'echo ${x:-"\'"}$(P)',
];

const parameterExpansion: Build = (c) =>
  fc.tuple(pick(PARAM_FORMS), program(c)).map(([f, p]) => ({
    command: fill(f, p),
    variant: f.includes('@P') ? '@P' : f.includes('!') ? 'indirect' : f.includes('[') ? 'subscript' : 'default',
  }));

// ---------------------------------------------------------------- arithmetic contexts

const ARITH_FORMS = [
  "x='a[$(P)]'; (( x ))",
  "x='a[$(P)]'; echo $(( x ))",
  'echo $(( a[$(P)] ))',
  '(( a[`P`] ))',
  "let 'a[$(P)]'",
  "x='a[$(P)]'; [[ $x -eq 0 ]]",
  "declare -i n='a[$(P)]'",
  "printf -v 'a[$(P)]' x",
  "x='a[$(P)]'; echo ${y:x}",
  "x='a[$(P)]'; echo {a[x]}>/dev/null",
  "x='a[$(P)]'; unset $x",
  "x='a[$(P)]'; [[ -v $x ]]",
  "x='a[$(P)]'; : $[x]",
  'for ((i=a[$(P)];0;)); do :; done',
  "x='a[$(P)]'; read -r $x <<< z",
  "x='a[$(P)]'; export $x",
  "x='a[$(P)]'; test -v $x",
  "x='a[$(P)]'; [ $x -gt 0 ]",
  'x=\'a[\'"$(P)]"; (( x ))',
  'a[$(P)]=1',
  "x='a[$(P)]'; echo ${a[x]}",
  "x='b[$(P)]'; a=(1); echo ${a[x]}",
  'case 1 in $(( a[$(P)] ))) ;; esac',
  "x='a[$(P)]'; declare -n r=$x; echo $r",
  "x='a[$(P)]'; shift $x",
  "x='a[$(P)]'; wait $x",
];

const arithmetic: Build = (c) =>
  fc.tuple(pick(ARITH_FORMS), program(c)).map(([f, p]) => ({ command: fill(f, p), variant: f.startsWith("x='") ? 'variable' : 'inline' }));

// ---------------------------------------------------------------- substitutions

const SUBST_FORMS = [
  'echo $(P)',
  'echo `P`',
  'cat <(P)',
  'echo x > >(P)',
  'echo "$(P)"',
  'x=$(P)',
  'ls $(P)',
  '[[ x =~ `P` ]]',
  '[[ $(P) ]]',
  'case x in $(P)) ;; esac',
  'for i in $(P); do :; done',
  'echo $(echo $(P))',
  'echo $( (P) )',
  'cat <<< $(P)',
  'echo ${x:-$(P)}',
  'echo "`P`"',
  "echo '$(P)'",
  'echo \\$(P)',
  'echo $\\(P)',
  'echo $(\nP\n)',
  'echo "$(#)\n"; P',
  'echo $(case x in x) P;; esac)',
  'echo $(echo ")"; P)',
  "echo $(echo ')'; P)",
  'echo "$(echo "$(P)")"',
  'echo `echo \\`P\\``',
  'diff <(P) README.md',
  'while false; do :; done < <(P)',
  'test -n "$(P)"',
  'local x=$(P)',
  'echo ${x:-`P`}',
  'echo $((0)) $(P)',
];

const substitution: Build = (c) =>
  fc.tuple(pick(SUBST_FORMS), program(c)).map(([f, p]) => ({
    command: fill(f, p),
    variant: f.includes('<(') || f.includes('>(') ? 'process' : f.includes('`') ? 'backtick' : 'dollar',
  }));

// ---------------------------------------------------------------- here-documents and here-strings

const HEREDOC_FORMS = [
  'cat <<EOF\n$(P)\nEOF',
  "cat <<'EOF'\n$(P)\nEOF",
  'cat <<"EOF"\n$(P)\nEOF',
  'cat <<-EOF\n\t$(P)\n\tEOF',
  'bash <<EOF\nP\nEOF',
  "sh <<< 'P'",
  'cat <<EOF; P\nx\nEOF',
  'cat <<EOF\nEOF\nP',
  'cat <<EOF\r\nx\r\nEOF\r\nP',
  'cat << EOF\n`P`\nEOF',
  'cat <<E\\OF\n$(P)\nEOF',
  'x=$(cat <<EOF\n$(P)\nEOF\n)',
  'cat <<EOF\nx\nEOF \nP\nEOF',
  'cat <<EOF\nx\n EOF\nP\nEOF',
  'cat <<EOF && P\nx\nEOF',
  'cat <<A <<B\na\nA\n$(P)\nB',
  'cat <<EOF\n${x:-$(P)}\nEOF',
  'bash <<< "P"',
  'read x <<< "$(P)"',
  "cat <<'EOF'\nx\nEOF\nP",
  'cat <<EOF\n\\$(P)\nEOF',
  'cat <<<EOF\nP',
  'cat <<EOF\n$((a[$(P)]))\nEOF',
  'while read l; do :; done <<EOF\n$(P)\nEOF',
];

const heredoc: Build = (c) =>
  fc
    .tuple(pick(HEREDOC_FORMS), program(c))
    .map(([f, p]) => ({ command: fill(f, p), variant: f.includes('<<<') ? 'here-string' : 'here-doc' }));

// ---------------------------------------------------------------- assignments (PATH, HOME, CDPATH, OLDPWD, IFS, BASH_ENV, ENV, PS4, GIT_*, LD_*)

const ASSIGNMENTS = [
  'PATH=sub:$PATH; ls',
  'PATH=sub:$PATH ls',
  'PATH=.:$PATH cat README.md',
  'PATH=.:$PATH; cat README.md',
  'export PATH=sub:$PATH; git status',
  'PATH=sub ls',
  'HOME=secrets; cd; echo p > a',
  'HOME=secrets; echo p > ~/a',
  'HOME=/opt/outside; cat ~/notes.txt',
  'HOME=.. ls ~',
  'HOME=/opt/outside; cd; ls',
  'CDPATH=/opt cd outside && ls',
  'CDPATH=/home cd user && ls',
  'CDPATH=..; cd user; ls',
  'OLDPWD=/opt/outside; cd - && ls',
  'OLDPWD=secrets cd - >/dev/null; echo p > a',
  'x=evil,x; IFS=,; $x',
  'IFS=/; x=evil/x; $x',
  'IFS=x; c=catx.env; $c',
  'IFS=.; set -- rm.-rf.src; "$@"',
  'IFS=:; $(echo evil:x)',
  "echo 'P' > /tmp/e; BASH_ENV=/tmp/e bash -c :",
  'BASH_ENV=<(echo P) bash -c :',
  'ENV=<(echo P) sh -i </dev/null',
  "PS4='$(P)' bash -xc :",
  "PS4='$(P)'; set -x; ls",
  "PS1='$(P)' bash -i </dev/null",
  'PROMPT_COMMAND=P bash -i </dev/null',
  "BASH_ENV='$(P)' bash -c :",
  'GIT_EXTERNAL_DIFF=evil git diff HEAD~0',
  'GIT_PAGER=evil git -p log',
  "GIT_EDITOR='P' git commit --allow-empty",
  'GIT_SSH_COMMAND=evil git fetch x',
  'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=evil git -p log',
  "GIT_CONFIG_PARAMETERS=\"'core.fsmonitor'='evil'\" git status",
  'GIT_DIR=/opt/outside git status',
  'GIT_WORK_TREE=.. git status',
  'GIT_TRACE=/opt/outside/t git status',
  'GIT_TRACE2=planted git status',
  'GIT_ASKPASS=evil git status',
  'GIT_CONFIG_GLOBAL=.env git log -1',
  'GIT_INDEX_FILE=planted git status',
  'LD_PRELOAD=./x.so ls',
  'LD_LIBRARY_PATH=. ls',
  'LD_DEBUG=all ls',
  'LD_DEBUG_OUTPUT=planted LD_DEBUG=all ls',
  'TMPDIR=secrets sort README.md',
  'MANPAGER=evil man ls',
  'PAGER=evil git -p log',
  'EDITOR=evil git commit',
  'GREP_OPTIONS=--x grep x README.md',
  'RIPGREP_CONFIG_PATH=.env rg x',
  'LESSOPEN="|evil %s" less README.md',
  'TZ=/home/user/id_rsa date',
  'LANG=C; P',
  'x=1 P',
  'declare x=$(P)',
  'readonly y=`P`',
  'export z="$(P)"',
];

const assignment: Build = (c) =>
  fc.tuple(pick(ASSIGNMENTS), program(c)).map(([f, p]) => ({ command: fill(f, p), variant: /^(\w+)=/.exec(f)?.[1] ?? f.split(' ')[0]! }));

// ---------------------------------------------------------------- cd

const CD_FORMS = [
  'cd && ls',
  'cd ~ && cat id_rsa',
  'cd .. && ls',
  'cd /opt/outside && cat notes.txt',
  'cd -- ..; ls',
  'cd - ; ls',
  'pushd .. >/dev/null; ls',
  'cd "$HOME"; ls',
  'cd /; ls',
  '(cd ..; ls)',
  'cd ${HOME}; ls',
  'cd ./.. && ls',
  'cd src/../.. && ls',
  'cd secrets && echo p > a',
  'cd .git && echo x >> config',
  'cd ~user 2>/dev/null; ls',
  'cd sub; ./ls',
  'cd sub && ls',
  'cd sub; cat ../.env',
  'cd -P ..; ls',
  'cd -L ../project/..; ls',
  'cd $OLDPWD; ls',
  'cd ../..; cat user/id_rsa',
  'builtin cd ..; ls',
  'command cd ..; ls',
  'cd ..\nls',
  'cd .. # comment\nls',
  'cd\tsrc/..; ls ..',
  'cd $(echo ..); ls',
  'cd "$(dirname "$PWD")"; ls',
  'pushd /opt; ls; popd',
  'cd /home/user/project/../../..; ls',
  'cd ~+/..; ls',
  'cd ~-; ls',
  'dirs; cd ..; ls',
  'cd secrets; P',
  'cd ..; P',
];

const cd: Build = (c) =>
  fc.tuple(pick(CD_FORMS), program(c)).map(([f, p]) => ({ command: fill(f, p), variant: f.split(/[ ;&]/)[1] ?? '' }));

// ---------------------------------------------------------------- wrappers with every option spelling

/** A spelling of one option: exact, GNU-abbreviated, `=value`, attached or separate value. */
function spell(o: OptionSpec, all: readonly OptionSpec[], value: string, style: number): string[] {
  const names = [o.name, ...abbreviations(o.name, all)];
  const name = names[style % names.length]!;
  if (o.value === 'none') return [name];
  if (o.name.startsWith('--')) return o.value === 'optional' || style % 2 === 0 ? [`${name}=${value}`] : [name, value];
  return style % 2 === 0 ? [`${name}${value}`] : [name, value];
}

const optionsOf = (tool: string, count: number, values: readonly string[]) =>
  fc.array(fc.tuple(fc.nat(), fc.constantFrom(...values), fc.nat()), { maxLength: count }).map((picks) => {
    const all = OPTIONS[tool] ?? [];
    if (all.length === 0) return [] as string[];
    return picks.flatMap(([i, v, style]) => spell(all[i % all.length]!, all, v, style));
  });

const WRAPPER_VALUES = ['1', '5', '0', 'KILL', '9', 'L', '0', 'x', '/tmp/l', 'sub', '-rf', 'rm'];

const wrapper: Build = (c) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.tuple(pick(WRAPPERS), program(c), fc.nat()).chain(([w, p, n]) =>
        optionsOf(w, 2, WRAPPER_VALUES).map((opts) => ({
          command: [
            w,
            ...opts,
            ...(WRAPPER_ARGS[w] ? [WRAPPER_ARGS[w]![n % WRAPPER_ARGS[w]!.length]!] : []),
            ...(w === 'script' ? ['-qc', `'${p}'`, '/dev/null'] : w === 'xargs' ? [p, '<<<', 'x'] : [p]),
          ].join(' '),
          variant: w,
        })),
      ),
    },
    fc
      .tuple(
        pick([
          'command',
          'builtin',
          'exec',
          'eval',
          'time',
          'time -p',
          'nohup',
          'sudo',
          'env --',
          'env -i',
          'env -',
          'env -S',
          'xargs -I{}',
          'nice -n',
          'nice -',
          'timeout -s',
          'coproc',
          '!',
          'command -p',
          'exec -a ls',
          'exec -c',
          'trap "P" EXIT;',
          "trap 'P' DEBUG;",
          'source /dev/stdin <<<',
          '. /dev/stdin <<<',
          'bash -c',
          'sh -c',
          'node -e',
          'python3 -c',
          'perl -e',
        ]),
        program(c),
      )
      .map(([w, p]) => {
        if (/\bP\b/.test(w)) return { command: `${fill(w, p)} true`, variant: w.split(' ')[0]! };
        if (w === 'env -S' || w.endsWith('<<<') || w.endsWith('-c')) return { command: `${w} '${p}'`, variant: w.split(' ')[0]! };
        if (w === 'node -e') return { command: `node -e 'require("child_process").execSync("${p}")'`, variant: 'node' };
        if (w === 'python3 -c') return { command: `python3 -c 'import os; os.system("${p}")'`, variant: 'python3' };
        if (w === 'perl -e') return { command: `perl -e 'system("${p}")'`, variant: 'perl' };
        if (w === 'xargs -I{}') return { command: `echo x | xargs -I{} ${p}`, variant: 'xargs' };
        if (w === 'nice -n') return { command: `nice -n 5 ${p}`, variant: 'nice' };
        if (w === 'nice -') return { command: `nice -5 ${p}`, variant: 'nice' };
        if (w === 'timeout -s') return { command: `timeout -s KILL 5 ${p}`, variant: 'timeout' };
        return { command: `${w} ${p}`, variant: w.split(' ')[0]! };
      }),
  );

// ---------------------------------------------------------------- programs that name programs (#15)

/**
 * Programs told to run another program (P): tar, sed, git's variables, `-c` keys and aliases,
 * shells' startup code and input, prompt and trap strings, interpreters' inline code, and the
 * less common wrappers, each in a spelling the tool accepts.
 */
const DENY_PROGRAM_TEMPLATES: readonly string[] = [
  "tar --use-compress-prog='P' -cf /tmp/a.tar README.md",
  "tar -I 'P' -cf /tmp/a.tar README.md",
  "tar --checkpoint=1 --checkpoint-act=exec='P' -cf /tmp/a.tar README.md",
  "tar -cf /tmp/a.tar README.md --checkpoint=1 --checkpoint-action='exec=P'",
  "sed 's|.*|P|e' README.md",
  "sed -n '1e P' README.md",
  "sed '1!e P' README.md",
  "sed -e '1{e P' -e '}' README.md",
  "sed --expression='1 e P' README.md",
  "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st GIT_CONFIG_VALUE_0='!P' git st",
  `GIT_CONFIG_PARAMETERS="'alias.x=!P'" git x`,
  "git -c alias.x='!P' x",
  "git -c core.pager='P #' -p log -1",
  "GIT_PAGER='P #' git -p log -1",
  "GIT_EXTERNAL_DIFF='P #' git diff --ext-diff --no-index README.md package.json",
  "GIT_EDITOR='P #' git commit --allow-empty",
  "GIT_SSH_COMMAND='P #' git fetch ssh://x/y",
  "PS4='$(P)'; set -x; ls",
  "echo 'P' | BASH_ENV=/dev/stdin bash -c :",
  "bash --rcfile /dev/stdin -ic : <<< 'P'",
  "bash --init-f /dev/stdin -i <<< 'P'",
  "env 'BASH_FUNC_ls%%=() { P; }' bash -c ls",
  "mapfile -C 'P;:' -c 1 < README.md",
  "trap 'P' EXIT; ls",
  "source /dev/stdin <<< 'P'",
  "sh <<< 'P'",
  'cat <<EOF | sh\nP\nEOF',
  `perl -e 'system("P")'`,
  `perl -e 'print qx{P}'`,
  `python3 -c 'import os; os.system("P")'`,
  `python3 -c 'import subprocess; subprocess.run("P", shell=True)'`,
  `node -e 'require("child_process").execSync("P")'`,
  `awk 'BEGIN { system("P") }'`,
  'chronic P',
  'parallel --will-cite P ::: x',
  'setpriv P',
  'prlimit P',
  'timeout --k 1 5 P',
  'timeout --sig 9 5 P',
  'nice --adj 5 P',
  'stdbuf --out L P',
  "env --sp='P'",
  'env --u X P',
  'watch --int 1 -x P',
  "script -qc 'P' /dev/null",
  "flock --ti 5 /tmp/l -c 'P'",
];

const denyProgram: Build = (c) =>
  fc
    .tuple(pick(DENY_PROGRAM_TEMPLATES), program(c))
    .map(([t, p]) => ({ command: fill(t, p), variant: t.split(/[ =]/)[0]!.replace(/^GIT_.*|^PS4.*/, 'git-variable') }));

// ---------------------------------------------------------------- read-only programs with every option

const readOnlyOptions: Build = () =>
  fc
    .tuple(pick(READ_ONLY_TOOLS), fc.array(pick(OPERANDS), { maxLength: 2 }))
    .chain(([tool, operands]) =>
      optionsOf(tool, 3, OPTION_VALUES).map((opts) => ({ command: [tool, ...opts, ...operands].join(' '), variant: tool })),
    );

// ---------------------------------------------------------------- programs named by a path

const PATH_PROGRAMS = [
  './cat README.md',
  'sub/ls',
  'sub/cat README.md',
  './sub/git status',
  '/usr/bin/ls',
  '/bin/ls -la',
  '/usr/bin/../bin/cat README.md',
  '//bin/ls',
  './build.sh x',
  '../project/sub/ls',
  '~/project/sub/ls',
  '$PWD/sub/ls',
  './/cat README.md',
  '"./cat" README.md',
  's\\ub/ls',
  'sub//ls',
  '/usr/local/bin/evil x',
  '/home/user/project/cat x',
  'sub/./ls',
  './sub/../cat README.md',
  '"$HOME"/project/sub/ls',
  '/bin/rm -rf src',
  '/usr/bin/curl x',
  '/usr/bin/env rm -rf src',
  '/usr/bin/cat .env',
  '/bin/cat ~/id_rsa',
  'ca\\t README.md',
  '\\ls',
  "'ls'",
  '"ls" ..',
  'l""s ..',
  './build.sh; evil x',
  './build.sh x; ./cat .env',
];

const pathProgram: Build = () =>
  pick(PATH_PROGRAMS).map((command) => ({
    command,
    variant: command.startsWith('/') ? 'absolute' : command.includes('/') ? 'relative' : 'quoted',
  }));

// ---------------------------------------------------------------- path effects (files a command reads, writes or takes whole)

/** Spellings of `.env` (Read-denied) as a word. */
const ENV_SPELLINGS = [
  '.env',
  './.env',
  '$PWD/.env',
  '"$PWD"/.env',
  '/proc/self/cwd/.env',
  '~/project/.env',
  '"$HOME"/project/.env',
  '/home/user/project/.env',
  'sub/../.env',
  '.e""nv',
  "'.env'",
  '.en\\v',
  'src/../.env',
  '/proc/self/root/home/user/project/.env',
  '$HOME/project/.env',
  '/proc/self/root/proc/self/cwd/.env',
  '/proc/self/task/*/cwd/.env',
  '/proc/thread-self/cwd/.env',
];
/** Spellings of a directory that holds `.env`. */
const DIR_SPELLINGS = [
  '.',
  './',
  '$PWD',
  '/proc/self/cwd',
  '~/project',
  '/home/user/project',
  'sub/..',
  '..',
  '~',
  '"$PWD"',
  '../project',
  '/proc/self/cwd/.',
];
/** Spellings of a new file inside `secrets/` (Edit-denied). */
const SECRET_SPELLINGS = [
  'secrets/x',
  './secrets/x',
  'secrets/./x',
  'secrets//x',
  '$PWD/secrets/x',
  '/proc/self/cwd/secrets/x',
  'sub/../secrets/x',
  'secre""ts/x',
  '/home/user/project/secrets/x',
  '~/project/secrets/x',
  'secrets/key.txt',
];
/** Spellings of the `secrets` directory itself. */
const SECRET_DIRS = [
  'secrets',
  './secrets',
  'secrets/',
  'secrets/.',
  '$PWD/secrets',
  '/proc/self/cwd/secrets',
  'sub/../secrets',
  '~/project/secrets',
];
/** Protected files to write (no rules, bypassPermissions). */
const PROTECTED_SPELLINGS = [
  '.git/config',
  './.git/config',
  '.git/hooks/pre-commit',
  '.claude/settings.json',
  '~/.bashrc',
  '$HOME/.profile',
  '.gitmodules',
  '/proc/self/cwd/.git/config',
  '.git//config',
  '.gi""t/config',
  '~/.gitconfig',
  '.husky/pre-commit',
  '.vscode/settings.json',
];

/** Commands that print what they read of `F` (so a leaked canary shows). */
const READ_FORMS = [
  'cat F',
  'head -c 200 F',
  'tail -n 5 F',
  'grep -h . F',
  'sed -n p F',
  'awk 1 F',
  'sort F',
  'uniq F',
  'nl F',
  'tac F',
  'rev F',
  'cut -c1- F',
  'fold F',
  'paste F',
  'strings F',
  'od -c F',
  'xxd F',
  'base64 F',
  'base32 F',
  'iconv -f utf-8 F',
  'dd if=F status=none',
  'less F',
  'more F',
  'pr -t F',
  'expand F',
  'cat < F',
  'tee /dev/null < F',
  'diff --from-file=F README.md',
  'diff --unified F README.md',
  'diff --color F README.md',
  'grep --color . F',
  'grep --colour . F',
  'strings -o F',
  'column -t F',
  'column -d F',
  'pr -s F',
  'pr -i F',
  'pr -e F',
  'od -w F',
  'uniq --group F',
  'uniq --all-repeated F',
  'date -I -f F',
  'diff --fr=F README.md',
  'hexdump --format-file=F README.md',
  'date --fi=F',
  'date -f F',
  'perl -ne print F',
  'python3 -c "import sys; print(open(sys.argv[1]).read())" F',
  'gzip -c F | zcat',
  'bzip2 -c F | bzcat',
  'xz -c F | xzcat',
  'zip -q - F | cat',
  'tar cf - F | tar xOf -',
  'openssl base64 -in F',
  'openssl enc -base64 -in F',
  'split -n 1 F /opt/outside/p && cat /opt/outside/p*',
  'csplit -s -f /opt/outside/q F 1 && cat /opt/outside/q*',
  'cp F /opt/outside/c && cat /opt/outside/c',
  'ln -s "$(realpath F)" /opt/outside/l; cat /opt/outside/l',
  'git add -f F && git show :F',
  'git add -f F && git diff --cached',
  'git diff --no-index /dev/null F',
  'git hash-object -w F | xargs git cat-file -p',
  'shuf F',
  'history -r F; history',
  'history -n F; history',
  'comm F F',
  'join F F',
  'column F',
  'fmt F',
  'look S F',
  'jq -R . F',
  'xargs -a F echo',
  'sh -c "cat F"',
  'find F -exec cat {} +',
];

/** Commands that print what they read of everything under directory `D`. */
const TREE_READ_FORMS = [
  'grep -r SECRET D',
  'grep -R SECRET D',
  'grep -rh SECRET D',
  'grep -d recurse SECRET D',
  'grep --recursive SECRET D',
  'grep --rec SECRET D',
  'rgrep SECRET D',
  'rg SECRET D',
  'rg --hidden SECRET D',
  'rg -uu SECRET D',
  'rg -. SECRET D',
  'git grep --untracked SECRET',
  'git grep --no-index SECRET D',
  'git -C D grep --untracked SECRET',
  'diff -r D /opt/outside',
  'diff -rN D /opt/outside',
  'diff --new-f D src',
  'diff -N D /opt/outside',
  'diff -r /opt/outside D',
  'cp -r D /opt/outside/c && cat /opt/outside/c/.env',
  'cp -a D /opt/outside/c; grep -r SECRET /opt/outside/c',
  'tar cf - D | tar xOf -',
  'tar czf - -C D . | tar xzOf -',
  'zip -qr - D | cat',
  'find D -exec cat {} +',
  "find D -name '.e*' -exec cat {} \\;",
  'find D -type f -exec head {} +',
  'cat D/.e*',
  'head D/.??v',
  'grep -r SECRET',
  'rg SECRET',
  'grep -rl . D | xargs cat',
  'tar cf /opt/outside/a.tar D && tar xOf /opt/outside/a.tar',
];

/** Commands that write `T`. */
const WRITE_FORMS = [
  'echo p > T',
  'echo p >> T',
  'echo p | tee T',
  'cp README.md T',
  'install README.md T',
  'touch T',
  'truncate -s 0 T',
  'dd if=README.md of=T status=none',
  'cp --backup README.md T',
  'cp --preserve README.md T',
  'cp --reflink README.md T',
  'install --backup README.md T',
  'mkdir --context T',
  'shuf -e -o T a',
  'tee --output-error T < README.md',
  'sort -o T README.md',
  'sort --out=T README.md',
  'sort --outp=T README.md',
  'shuf -o T README.md',
  'xxd README.md T',
  'xxd -ps README.md T',
  'xxd {README.md,T}',
  "sed -n 'w T' README.md",
  "sed '1!w T' README.md",
  "sed 's/a/b/w T' README.md",
  'uniq README.md T',
  'tee T < README.md',
  'cp --target=$(dirname T) README.md',
  'ln -s README.md T',
  'ln README.md T',
  'mv README.md T',
  'git show HEAD:README.md > T',
  'split -b 4 README.md T',
  'csplit -s -f T README.md 2',
  'split -n 2 README.md T',
  'touch -r README.md T',
  'history -w T',
  'git archive -o T HEAD',
  'git log -1 --output=T',
  'mkdir -p T',
  'find . -maxdepth 0 -fprint T',
  'patch -o T README.md /dev/null',
  'zip -q T README.md',
  'gzip -c README.md > T',
  'curl -o T file:///etc/hostname',
];

/** Commands that change a directory `D` whole, or names inside it toolgate cannot see. */
const TREE_WRITE_FORMS = [
  'tar cf /opt/outside/s.tar -C src . && tar xf /opt/outside/s.tar -C D',
  'cp -r src/. D',
  'cp -r src D',
  'git -C D init -q',
  'git init -q D',
  'cp --t=D README.md',
  'install --t=D README.md',
  'cp --ta D README.md',
  'chmod -R 600 D',
  'chmod -R g+w D',
  'sed -i s/a/b/ D/*',
  'perl -pi -e s/a/b/ D/key.txt',
  'git checkout -- D',
  'git restore D',
  'git clean -fdx D',
  'git stash -u && git stash pop',
  'zip -q /opt/outside/z.zip README.md && unzip -oq /opt/outside/z.zip -d D',
  'rm -rf D',
  'mv D /opt/outside/m',
  'find D -delete',
  'ln -s D s && echo p > s/new',
  'ln -sfn D s; cp README.md s/',
  'cd D && touch planted',
  'HOME=D; echo p > ~/h',
  'HOME=D; cd; touch planted',
  'git clone -q . D/clone',
  'git worktree add -q D/wt',
];

/** git subcommands other than `git config` that write `.git/config` or `~/.gitconfig`. */
const GIT_CONFIG_WRITERS = [
  'git remote add evil /tmp/x',
  'git remote set-url origin /tmp/x',
  'git remote rename origin o2',
  'git branch -m main2',
  'git branch -c main2',
  'git branch -u main',
  'git branch --set-upstream-to=main',
  'git push -u . main',
  'git push --set-upstream . HEAD:refs/heads/x',
  'git checkout -q -b nb --track main',
  'git switch -q -c nb --track main',
  'git sparse-checkout set src',
  'git sparse-checkout init',
  'git maintenance register',
  'git submodule init',
  'git lfs install',
];

const fillAll = (template: string, key: string, v: string) => template.split(key).join(v);

/** Other spellings of a path word: quoted, with empty quotes inside, braced, through `./`, after a `cd` into `sub`. */
const RESPELL: readonly ((w: string) => string)[] = [
  (w) => w,
  (w) => w,
  (w) => `"${w}"`,
  (w) => w.replace(/\//, '""/'),
  (w) => `{${w},/dev/null/x}`,
  (w) => (w.startsWith('/') || w.startsWith('~') || w.startsWith('$') ? w : `./${w}`),
  (w) => (w.startsWith('/') || w.startsWith('~') || w.startsWith('$') ? w : `../project/${w}`),
  (w) => w.replace(/\/([^/]*)$/, '/./$1'),
];

const respelled = (words: readonly string[]) =>
  fc.tuple(pick(words), fc.integer({ min: 0, max: RESPELL.length - 1 })).map(([w, k]) => RESPELL[k]!(w));

const pathEffects: Build = (c) => {
  if (c === 'none/bypassPermissions' || c === 'none/default') {
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(pick(WRITE_FORMS), respelled(PROTECTED_SPELLINGS))
          .map(([f, t]) => ({ command: fillAll(f, 'T', t), variant: 'protected-write' })),
      },
      { weight: 1, arbitrary: pick(GIT_CONFIG_WRITERS).map((command) => ({ command, variant: 'git-config-write' })) },
    );
  }
  return fc.oneof(
    fc
      .tuple(pick(READ_FORMS), respelled(ENV_SPELLINGS))
      .map(([f, t]) => ({ command: fillAll(fillAll(f, 'F', t), 'S', 'SECRET'), variant: 'read' })),
    fc.tuple(pick(TREE_READ_FORMS), respelled(DIR_SPELLINGS)).map(([f, d]) => ({ command: fillAll(f, 'D', d), variant: 'tree-read' })),
    fc.tuple(pick(WRITE_FORMS), respelled(SECRET_SPELLINGS)).map(([f, t]) => ({ command: fillAll(f, 'T', t), variant: 'write' })),
    fc.tuple(pick(TREE_WRITE_FORMS), respelled(SECRET_DIRS)).map(([f, d]) => ({ command: fillAll(f, 'D', d), variant: 'tree-write' })),
    fc
      .tuple(pick(READ_FORMS), pick(['../.env', '../secrets/key.txt', '$OLDPWD/.env', '~-/.env', '$(dirname "$PWD")/.env']))
      .map(([f, t]) => ({ command: `cd sub && ${fillAll(fillAll(f, 'F', t), 'S', 'SECRET')}`, variant: 'from-sub' })),
  );
};

// ---------------------------------------------------------------- mutations of corpus commands

const MUTATION_CHARS = [
  ' ',
  '\t',
  '\r',
  '\v',
  ';',
  '&',
  '|',
  '\\',
  "'",
  '"',
  '$',
  '`',
  '#',
  '\n',
  '{',
  '}',
  '\u00a0',
  '\r\n',
  '\\\n',
  '*',
  '~',
];

/** Mutations of corpus commands: insert, delete, swap, re-quote, re-space. */
export function mutationFamily(seeds: readonly string[]): Build {
  return () =>
    fc
      .tuple(
        pick(seeds.length > 0 ? seeds : ['ls']),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.nat(), pick(MUTATION_CHARS)), { minLength: 1, maxLength: 3 }),
      )
      .map(([seed, ops]) => {
        let s = seed;
        const kinds: string[] = [];
        for (const [kind, at, ch] of ops) {
          const i = s.length === 0 ? 0 : at % (s.length + 1);
          if (kind === 0) {
            s = s.slice(0, i) + ch + s.slice(i);
            kinds.push('insert');
          } else if (kind === 1 && s.length > 1) {
            s = s.slice(0, i) + s.slice(i + 1);
            kinds.push('delete');
          } else if (kind === 2) {
            const words = s.split(' ');
            if (words.length > 1) {
              const j = at % (words.length - 1);
              [words[j], words[j + 1]] = [words[j + 1]!, words[j]!];
              s = words.join(' ');
            }
            kinds.push('swap');
          } else if (kind === 3) {
            const words = s.split(' ');
            const j = at % words.length;
            words[j] = ch === '"' ? `"${words[j]}"` : `'${words[j]}'`;
            s = words.join(' ');
            kinds.push('requote');
          } else {
            s = s.replace(/ /, ch === ' ' ? '\t' : ch);
            kinds.push('respace');
          }
        }
        return { command: s, variant: kinds.join('+') };
      });
}

/** A family: its name, the combinations it aims at, and how it builds a command (or a world family: shells, environment, scenarios). */
export type Family =
  { name: FamilyName; combos: readonly Combo[]; build: Build; world?: undefined } | { name: FamilyName; world: WorldFamily };

const ALL = COMBOS;
const NOT_BYPASS: readonly Combo[] = ['none/default', 'narrow/default', 'all-but-denied/default', 'denied/default'];

/** Every family (mutation needs the corpus commands it mutates). */
export function families(mutationSeeds: readonly string[]): Family[] {
  return [
    { name: 'quoting', combos: ALL, build: quoting },
    { name: 'line-continuation', combos: ALL, build: lineContinuation },
    { name: 'control-chars', combos: ALL, build: controlChars },
    { name: 'comments', combos: ALL, build: comments },
    { name: 'brace-expansion', combos: ALL, build: braceExpansion },
    { name: 'globs', combos: ALL, build: globs },
    { name: 'parameter-expansion', combos: NOT_BYPASS, build: parameterExpansion },
    { name: 'arithmetic', combos: NOT_BYPASS, build: arithmetic },
    { name: 'substitution', combos: NOT_BYPASS, build: substitution },
    { name: 'heredoc', combos: NOT_BYPASS, build: heredoc },
    { name: 'assignment', combos: ALL, build: assignment },
    { name: 'cd', combos: ALL, build: cd },
    { name: 'wrapper', combos: ALL, build: wrapper },
    {
      name: 'read-only-options',
      combos: ['none/default', 'denied/default', 'none/bypassPermissions', 'all-but-denied/default'],
      build: readOnlyOptions,
    },
    { name: 'path-program', combos: ALL, build: pathProgram },
    { name: 'mutation', combos: ALL, build: mutationFamily(mutationSeeds) },
    { name: 'path-effects', combos: ['all-but-denied/default', 'denied/default', 'none/bypassPermissions'], build: pathEffects },
    // Last, so the seeds of the families before it stay as they were.
    { name: 'deny-program', combos: ALL, build: denyProgram },
    // The world families (a world like the user's: links, signed commits, repositories, shells, environment, several calls).
    ...WORLD_FAMILIES.map((w) => ({ name: w.name, world: w })),
  ];
}

/** The arbitrary of one family: a combination it aims at, then a command for it. */
export function familyArbitrary(f: Family): fc.Arbitrary<Generated> {
  if (f.world) return worldArbitrary(f.world);
  return pick(f.combos).chain((combo) =>
    f.build(combo).map((p) => ({ family: f.name, combo, command: p.command, ...(p.variant !== undefined ? { variant: p.variant } : {}) })),
  );
}

/**
 * `count` generated calls for a seed, spread evenly over the families (round robin), the same
 * for the same seed, family list and fast-check version.
 */
export function generate(fams: readonly Family[], count: number, seed: number): Generated[] {
  const per = fams.map((_, i) => Math.floor(count / fams.length) + (i < count % fams.length ? 1 : 0));
  const lists = fams.map((f, i) => (per[i]! > 0 ? fc.sample(familyArbitrary(f), { seed: seed + i * 7919, numRuns: per[i]! }) : []));
  const out: Generated[] = [];
  for (let k = 0; out.length < count; k++) for (const l of lists) if (k < l.length) out.push(l[k]!);
  return out;
}
