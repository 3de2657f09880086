/**
 * World families for programs toolgate resolves or models as opaque: a bare name looked up along an
 * inherited PATH whose first directories the agent may write (decision 0065), programs that run
 * code from a script or input toolgate does not read, or extract archives onto protected paths
 * (decision 0063: `src/shell/programs/code-runners.ts`, `extractors.ts`), and programs that read
 * the names of the files they read or write from their input or a file (`xargs`, `tar -T`,
 * `cpio -o`, `zip -@`, `--files0-from`, `git … --stdin`). Each builds commands × a world: files the
 * checkout already holds (a setup), the environment the shell inherits, and what toolgate is told
 * of it (as `toolgate hook` reads its own environment).
 */
import fc from 'fast-check';
import { fill, pick, PROGRAM, type WorldCombo, type WorldPart } from './world-parts.js';

const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';
const P = '/home/user/project';

/** A script that runs the payload `X` (a `printf` format: one line of code). */
const script = (x: string) => `'#!/bin/sh\\n${x.replace(/'/g, `'\\''`)}\\n'`;

// ---------------------------------------------------------------- PATH lookup

/**
 * A PATH a user's shell may inherit, whose first directory (`dir`, where a program is put) the agent
 * may write; `unknownToo`: the shape toolgate assumes when PATH is not told (a project's
 * virtualenv, `node_modules/.bin`, `bin`), so it is also run untold.
 */
const PATHS: readonly { dir: string; path: string; variant: string; unknownToo: boolean }[] = [
  { dir: '.venv/bin', path: `${P}/.venv/bin:${SYSTEM_PATH}`, variant: 'venv', unknownToo: true },
  { dir: 'venv/bin', path: `${P}/venv/bin:${SYSTEM_PATH}`, variant: 'venv', unknownToo: true },
  { dir: 'node_modules/.bin', path: `${P}/node_modules/.bin:${SYSTEM_PATH}`, variant: 'node_modules', unknownToo: true },
  { dir: 'bin', path: `${P}/bin:${SYSTEM_PATH}`, variant: 'project bin', unknownToo: true },
  { dir: 'bin', path: `bin:${SYSTEM_PATH}`, variant: 'relative entry', unknownToo: false },
  { dir: '.', path: `.:${SYSTEM_PATH}`, variant: 'dot entry', unknownToo: false },
  { dir: '.', path: `:${SYSTEM_PATH}`, variant: 'empty entry', unknownToo: false },
  { dir: '.', path: `${SYSTEM_PATH}:`, variant: 'empty entry last', unknownToo: false },
  { dir: 'sub', path: `${P}/sub:${SYSTEM_PATH}`, variant: 'project dir', unknownToo: false },
  { dir: '/tmp/bin', path: `/tmp/bin:${SYSTEM_PATH}`, variant: 'tmp', unknownToo: false },
  { dir: '/home/user/.local/bin', path: `/home/user/.local/bin:${SYSTEM_PATH}`, variant: 'home bin', unknownToo: true },
  { dir: '/home/user/bin', path: `/home/user/bin:${SYSTEM_PATH}`, variant: 'home bin', unknownToo: true },
];

/** Calls of a bare name N (the name a planted file may answer to), read-only or not. */
const BARE_CALLS = [
  'N README.md',
  'N',
  'N -la',
  'N status',
  'N log -1',
  'N -r x src',
  'N -5 README.md',
  'N -l README.md',
  'N --version',
  'N .',
  'N -x',
];

/** Names the calls use: system programs (read-only ones first), project tools, builtins. */
const NAMES = [
  'cat',
  'ls',
  'git',
  'grep',
  'head',
  'wc',
  'sort',
  'find',
  'tree',
  'rg',
  'env',
  'jq',
  'pytest',
  'eslint',
  'tsc',
  'node',
  'python3',
  'make',
  'echo',
  'pwd',
  'test',
  'true',
];

/** Wrappers that look the name up along PATH themselves (W = the rest of the command). */
const LOOKUP_WRAPPERS = [
  'W',
  'W',
  'W',
  'env W',
  'timeout 5 W',
  'nice W',
  'command W',
  'exec W',
  'time W',
  'stdbuf -o0 W',
  'nohup W 2>/dev/null',
  'xargs -r W < /dev/null; W',
  'find README.md -exec W \\;',
  'W | cat',
  'echo x | W',
];

/** Writes of a program file F (a script running X) into a PATH directory. */
const PATH_WRITES = [
  `printf ${script('X')} > F && chmod +x F`,
  `printf ${script('X')} > t && chmod 755 t && cp t F`,
  `printf ${script('X')} > t && chmod +x t && mv t F`,
  `printf ${script('X')} > t && install -m 755 t F`,
  `printf ${script('X')} | tee F >/dev/null && chmod +x F`,
  'ln -s /usr/local/bin/evil F',
  'cp /usr/local/bin/evil F',
  `printf ${script('X')} > t && chmod +x t && ln -sf "$PWD/t" F`,
];

/** Payloads for a planted program: it does what the combination forbids. */
const planted = (c: WorldCombo) => PROGRAM[c];

/** The `path-lookup` family: a bare name run where a PATH the agent may write finds it first (held, or written and run). */
export const pathLookup = (c: WorldCombo): fc.Arbitrary<WorldPart> =>
  fc
    .tuple(
      pick(PATHS),
      fc.boolean(),
      pick(BARE_CALLS),
      pick(NAMES),
      pick(LOOKUP_WRAPPERS),
      pick(planted(c)),
      fc.nat(9),
      pick(PATH_WRITES),
      fc.nat(3),
    )
    .map(([shape, toldIfPossible, call, name, wrap, x, nameDraw, write, how]) => {
      const told = toldIfPossible || !shape.unknownToo;
      const plantName = nameDraw < 8 ? name : 'pytest';
      const file = shape.dir === '.' ? plantName : `${shape.dir}/${plantName}`;
      const command = fill(wrap, 'W', fill(call, 'N', name));
      const mkdir = shape.dir === '.' ? '' : `mkdir -p ${shape.dir} && `;
      const env = { PATH: shape.path };
      const facts = told ? { environment: env } : { env };
      const variant = `${shape.variant}${told ? '' : ', PATH not told'}`;
      const writeIt = mkdir + fill(fill(write, 'F', file), 'X', x);
      // The checkout (or what an install left) already holds the program; the home's program
      // directories hold what the user installed (decision 0065), so only the agent's writes there count.
      if ((how === 0 || how === 1) && !shape.dir.startsWith('/home/')) {
        return { command, setup: writeIt, variant: `${variant}: held`, ...facts };
      }
      if (how === 2) return { command: `${writeIt}; ${command}`, variant: `${variant}: written, run`, ...facts };
      return { command: `${writeIt} ;; ${command}`, calls: [writeIt, command], variant: `${variant}: written, run (two calls)`, ...facts };
    });

// ---------------------------------------------------------------- programs that run code, and extractors

/** Programs that run code from a script or input toolgate does not read (X = the code). */
const CODE_RUNNERS = [
  "ed -s /dev/null <<< '!X'",
  "printf '!X\\nq\\n' | ed -s",
  "ed -s README.md <<< $'!X\\nq'",
  "echo '!X' | ed -s README.md",
  "printf 'w .claude/settings.local.json\\nq\\n' | ed -s README.md",
  "ed -s README.md <<< 'w .git/hooks/pre-commit'",
  "ed -s README.md <<< 'w secrets/x.txt'",
  "m4 <<< 'syscmd(X)'",
  "echo 'esyscmd(X)' | m4",
  "m4 -P <<< 'm4_syscmd(X)'",
  "printf 'syscmd(X)\\n' > t.m4 && m4 t.m4",
  "dc -e '!X'",
  "echo '!X' | dc",
  "dc <<< '!X'",
  "printf '!X\\n' > t.dc && dc t.dc",
  "ex -sc '!X' -cq",
  "printf '!X\\nq\\n' | ex -s",
  "echo 'X' | at now",
  "at now <<< 'X'",
  "batch <<< 'X'",
  "printf '* * * * * X\\n' > c.txt && crontab c.txt",
  'at -l',
  'crontab -l',
  "claude -p 'X' --dangerously-skip-permissions",
  "codex exec --full-auto 'X'",
  "gemini -y -p 'X'",
  "aider --yes-always -m 'X'",
  'opencode run x',
  'docker run --rm alpine X',
  'terraform apply -auto-approve',
  'kubectl exec pod -- X',
  // Python tools that import the project's modules (#37, replay 22 NEW-U2; project-runners.ts).
  'printf \'import os\\nos.system("X")\\n\' > t.py && ipython t.py',
  "printf 'import os\\nos.system(\"X\")\\n' > t.py && ipython -c 'import t'",
  'printf \'import os\\nos.system("X")\\n\' > xLexer.py && pygrun x r README.md',
];

/** Extractions of the archives the checkout holds (the oracle's `WORLD.archives`; A = which: claude, hooks, secrets, ok). */
const EXTRACTIONS = [
  'cpio -id < vendor/A.cpio',
  'cpio -idmu < vendor/A.cpio',
  'cpio -i -d -F vendor/A.cpio',
  'cpio --extract --make-directories --file=vendor/A.cpio',
  'cpio -idu -D . < vendor/A.cpio',
  'cpio -iduv < vendor/A.cpio 2>/dev/null',
  'cpio -t < vendor/A.cpio',
  'cpio -it -F vendor/A.cpio',
  'cat vendor/A.cpio | cpio -id',
  'mkdir -p x && cpio -idu -D x < vendor/A.cpio',
  'cd .claude && cpio -idu < ../vendor/A.cpio',
  'pax -r < vendor/A.pax',
  'pax -r -f vendor/A.pax',
  'pax -rf vendor/A.pax',
  'pax -r -s ",^ok,.claude," -f vendor/ok.pax',
  'pax -f vendor/A.pax',
  'cd .claude && ar x ../vendor/settings.a',
  'ar x vendor/settings.a',
  'ar t vendor/settings.a',
  'cd .git/hooks && ar x ../../vendor/ok.a',
  'unzip -oq vendor/claude.zip',
  'unzip -l vendor/claude.zip',
  'unzip -oq vendor/claude.zip -d .',
];

/** The `opaque-programs` family: programs that run code from a script or input, and extractors of the world's archives. */
export const opaquePrograms = (c: WorldCombo): fc.Arbitrary<WorldPart> =>
  // In bypassPermissions, code run with no program rules is the mode's to allow (the opaque-code
  // table): there only the extractors' writes are judged (a protected ask in every mode).
  c === 'none/bypassPermissions' ? extractions() : fc.oneof(codeRunners(c), extractions());

const codeRunners = (c: WorldCombo): fc.Arbitrary<WorldPart> =>
  fc.tuple(pick(CODE_RUNNERS), pick(PROGRAM[c]), fc.nat(4)).map(([r, x, split]) => {
    const command = fill(r, 'X', x);
    const variant = `runs code: ${command.split(/[ |]/).find((w) => /^(ed|m4|dc|ex|at|batch|crontab|claude|codex|gemini|aider|opencode|docker|terraform|kubectl|ipython|pygrun)$/.test(w)) ?? 'other'}`;
    // Sometimes the script is written in one call and run in the next.
    const parts = command.split(' && ');
    if (split === 0 && parts.length === 2)
      return { command: `${parts[0]} ;; ${parts[1]}`, calls: [parts[0]!, parts[1]!], variant: `${variant} (two calls)` };
    return { command, variant };
  });

const extractions = (): fc.Arbitrary<WorldPart> =>
  fc.tuple(pick(EXTRACTIONS), pick(['claude', 'hooks', 'secrets', 'ok'])).map(([e, a]) => ({
    command: fill(e, 'A', a),
    variant: `extracts: ${/cpio|pax|ar|unzip/.exec(e)?.[0] ?? 'other'}`,
  }));

// ---------------------------------------------------------------- names on input

/** Commands that print the names of files (one a line; Z: NUL-separated). */
const NAME_SOURCES: readonly [string, string][] = [
  ["printf '%s\\n' S", "printf '%s\\0' S"],
  ['find . -maxdepth 1 -name .env', 'find . -maxdepth 1 -name .env -print0'],
  ["ls -A | grep '^.env'", "ls -A | grep '^.env' | tr '\\n' '\\0'"],
  ['find vendor/keys/ -type f', 'find vendor/keys/ -type f -print0'],
  ['find ~/.ssh -type f', 'find ~/.ssh -type f -print0'],
  ['git ls-files --others --ignored --exclude-standard', 'git ls-files -z --others --ignored --exclude-standard'],
  ['cat l.txt', "tr '\\n' '\\0' < l.txt"],
];

/** Names the sources may print (S). */
const SECRET_NAMES = [
  '.env',
  '~/id_rsa',
  '~/.ssh/id_rsa',
  'vendor/keys/id_rsa',
  'vendor/home-key',
  '/opt/outside/notes.txt',
  'secrets/key.txt',
  'README.md',
];

/** Readers of names on their input (`-`: from the pipe) or in a file (L); the Z ones read NUL-separated names. */
const NAME_READERS: readonly { r: string; nul?: boolean; file?: boolean }[] = [
  { r: 'xargs cat' },
  { r: 'xargs head' },
  { r: 'xargs grep -h .' },
  { r: 'xargs -I{} cat {}' },
  { r: 'xargs -n1 tail -n 5' },
  { r: 'xargs -0 cat', nul: true },
  { r: 'xargs --null cat', nul: true },
  { r: 'xargs -a L cat', file: true },
  { r: 'xargs --arg-file=L cat', file: true },
  { r: 'xargs -r sort' },
  { r: 'parallel cat' },
  { r: 'parallel -0 cat', nul: true },
  { r: 'tar -cf - -T - | tar -xOf -' },
  { r: 'tar -cf - --files-from=- | tar -xOf -' },
  { r: 'tar -cf - -T L | tar -xOf -', file: true },
  { r: 'tar -cvf t.tar -T -' },
  { r: 'tar --null -cf - -T - | tar -xOf -', nul: true },
  { r: 'tar -czf t.tgz -T L', file: true },
  { r: 'cpio -o' },
  { r: 'cpio -o -H newc' },
  { r: 'cpio -ov 2>/dev/null' },
  { r: 'cpio -o0', nul: true },
  { r: 'cpio -pdm /tmp/copy' },
  { r: 'cpio -pdm .claude' },
  { r: 'pax -w' },
  { r: 'zip -0 -q - -@' },
  { r: 'zip -q t.zip -@' },
  { r: 'wc --files0-from=-', nul: true },
  { r: 'sort --files0-from=-', nul: true },
  { r: 'du --files0-from=-', nul: true },
  { r: 'wc --files0-from=L', nul: true, file: true },
  { r: 'git hash-object --stdin-paths' },
  { r: 'git update-index --add --stdin' },
  { r: 'git checkout-index --stdin' },
  { r: 'git add --pathspec-from-file=-' },
  { r: 'git add --pathspec-from-file=L', file: true },
  { r: 'rsync -a --files-from=- . /tmp/copy' },
  { r: 'rsync -a --files-from=L . /tmp/copy', file: true },
  { r: 'file -f -' },
  { r: 'file -f L', file: true },
  { r: 'md5sum -c L', file: true },
  { r: 'xargs touch' },
  { r: 'xargs rm -f' },
  { r: "xargs sed -i 's/a/b/'" },
  { r: 'xargs -I{} cp README.md {}' },
  { r: 'xargs chmod 600' },
];

/** The `names-on-input` family: file names printed by one command (or written to a list) and read by another. */
export const namesOnInput = (): fc.Arbitrary<WorldPart> =>
  fc.tuple(pick(NAME_SOURCES), pick(SECRET_NAMES), pick(NAME_READERS), fc.nat(3)).map(([[lines, nuls], name, reader, shape]) => {
    const variant =
      reader.r
        .split(' ')
        .slice(0, reader.r.startsWith('git') ? 2 : 1)
        .join(' ') + (reader.file ? ' (names in a file)' : '');
    const source = fill(reader.nul ? nuls : lines, 'S', name);
    if (reader.file) {
      // The names are written to a file first (in the same call, or the call before), then read from it.
      const list = reader.nul ? `printf '%s\\0' ${name} > L` : `echo ${name} > L`;
      const md5 = reader.r.startsWith('md5sum') ? `md5sum ${name} > L` : list;
      const write = fill(md5, 'L', 'l.txt');
      const read = fill(reader.r, 'L', 'l.txt');
      if (shape === 0) return { command: `${write} ;; ${read}`, calls: [write, read], variant: `${variant} (two calls)` };
      return { command: `${write} && ${read}`, variant };
    }
    const needsList = source.includes('l.txt') ? `echo ${name} > l.txt && ` : '';
    return { command: `${needsList}${source} | ${reader.r}`, variant };
  });

// ---------------------------------------------------------------- installed names

/**
 * A program run under another of its installed names (links, Debian's alternatives, git's dashed
 * commands): `OTHER` for `other-names` (whose deny rules name sh, awk, ssh, ctags, vi, node, make,
 * git, gdb, ld, gcc, gzip, bzip2, unxz, sudoedit), `CANONICAL` for `other-names-reverse` (which
 * names dash, mawk, slogin, ctags-universal, vim, nodejs, gmake, ld.bfd). The oracle judges by the
 * file that ran: a name that is the same file as a denied one breaks the rule (replay 21 NEW-S1),
 * and so does a script that runs the denied program (`zgrep` runs gzip, `c89` gcc: replay 22
 * NEW-U1), and a mode spelled otherwise (`xz --decompress -k` runs the file unxz is: NEW-U8). A
 * name the machine lacks runs nothing. (`ld.gold` under `Bash(ld *)` is left out: gold is another
 * file, which toolgate denies by design, decision 0122.)
 */
const OTHER_NAMED = [
  "dash -c 'touch planted'",
  'dash -c :',
  "printf ':\\n' | dash",
  "mawk 'BEGIN { print 1 }'",
  'nawk -f /dev/null README.md',
  "mawk '{ print }' README.md",
  'slogin -V',
  'ctags-universal --version',
  'etags -o - README.md',
  'ex -es -c q',
  'view -es -c q README.md',
  'rvim --version',
  'vim.basic --version',
  'vimdiff --version',
  'editor --version',
  'nodejs -v',
  'nodejs -e 0',
  'gmake -v',
  'git-receive-pack .',
  'git-upload-archive .',
  '/usr/lib/git-core/git-status',
  'gdbtui --version',
  'ld.bfd --version',
  'x86_64-linux-gnu-ld.bfd --version',
  'c89 --version',
  'c99-gcc --version',
  'uncompress -c README.md.gz',
  'zgrep hello README.md',
  'zdiff README.md README.md',
  'bzgrep hello README.md',
  'gcore -o core 999999',
  'make-first-existing-target all',
  'xz -dk README.md.xz',
  'xz --decompress -k README.md.xz',
  'xz -k -d README.md.xz',
  'xz --uncompress -c README.md.xz',
  'sudo --edit -V',
  'sudo -u nobody -e -V',
];
const CANONICAL_NAMED = [
  "sh -c 'touch planted'",
  'sh -c :',
  "printf ':\\n' | sh",
  "awk 'BEGIN { print 1 }'",
  'nawk -f /dev/null README.md',
  'ssh -V',
  'ctags --version',
  'etags -o - README.md',
  'vi --version',
  'ex -es -c q',
  'view -es -c q README.md',
  'node -v',
  'make -v',
  'ld --version',
  'x86_64-linux-gnu-ld --version',
];
/** How the name (N) is called with its arguments (A): alone, behind a wrapper that looks it up, by its path, quoted. */
const NAME_FORMS: readonly string[] = [
  'N A',
  'env N A',
  'nice N A',
  'command N A',
  'timeout 5 N A',
  'exec N A',
  '"N" A',
  '/usr/bin/N A',
  'xargs N A < /dev/null',
];

/** The `installed-names` family. */
export const installedNames = (c: WorldCombo): fc.Arbitrary<WorldPart> =>
  fc.tuple(pick(c.startsWith('other-names-reverse') ? CANONICAL_NAMED : OTHER_NAMED), pick(NAME_FORMS)).map(([line, form]) => {
    // The form applies to the program's command (after a pipe, if any).
    const pipe = line.lastIndexOf('| ');
    const head = pipe < 0 ? '' : line.slice(0, pipe + 2);
    const cmd = pipe < 0 ? line : line.slice(pipe + 2);
    const sp = cmd.indexOf(' ');
    const name = sp < 0 ? cmd : cmd.slice(0, sp);
    const args = sp < 0 ? '' : cmd.slice(sp + 1);
    const shape = name.startsWith('/') && form === '/usr/bin/N A' ? 'N A' : form;
    return { command: head + fill(fill(shape, 'N', name), ' A', args === '' ? '' : ` ${args}`), variant: name.replace(/^.*\//, '') };
  });
