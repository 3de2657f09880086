/**
 * The registry of program models: one model per name, read-only entries only for a model's own
 * names, and every facet reading a model's options through its one grammar.
 */
import { describe, expect, it } from 'vitest';
import { resolveLongOption, type GnuArgument, type GnuOptionSpec } from '../../../src/shell/options/gnu-options.js';
import { createProgramRegistry, allProgramModels, PROGRAMS } from '../../../src/shell/programs/index.js';
import { defineProgram } from '../../../src/shell/programs/model.js';
import { CLAUDE_CODE_READ_ONLY, ROBOTA_READ_ONLY, WRAPPERS_READ_ONLY } from '../../../src/shell/read-only/tables.js';
import { INTERPRETER_MODELS } from '../../../src/shell/programs/interpreters.js';
import { SHELL_BUILTIN_MODELS } from '../../../src/shell/programs/shell-builtins.js';

/** Letter → argument, from a getopt optstring. */
function letters(optstring: string): Map<string, GnuArgument> {
  const out = new Map<string, GnuArgument>();
  let i = optstring[0] === '+' || optstring[0] === '-' ? 1 : 0;
  for (; i < optstring.length; i++) {
    const c = optstring[i]!;
    if (c === ':') continue;
    out.set(c, optstring[i + 1] !== ':' ? 'none' : optstring[i + 2] === ':' ? 'optional' : 'required');
  }
  return out;
}

/** `'bytes= color[=] quiet'` → name → argument (the read-only entry's long list). */
function longs(text: string | undefined): Map<string, GnuArgument> {
  const out = new Map<string, GnuArgument>();
  for (const item of (text ?? '').split(/\s+/)) {
    const m = /^([^=[]+)(\[=\]|=)?$/.exec(item);
    if (m) out.set(m[1]!, m[2] === '=' ? 'required' : m[2] === '[=]' ? 'optional' : 'none');
  }
  return out;
}

const withGrammar = allProgramModels().filter((m): m is typeof m & { grammar: GnuOptionSpec } => m.grammar !== undefined);

describe('program registry', () => {
  it('refuses a name given by two models', () => {
    const a = defineProgram({ names: ['x'], summary: 'a', sources: [], runs: 'nothing', examples: [] });
    const b = defineProgram({ names: ['y', 'x'], summary: 'b', sources: [], runs: 'nothing', examples: [] });
    expect(() => createProgramRegistry([a, b], { check: true })).toThrow(/"x" is given by two models/);
  });

  it('refuses a read-only entry for a name the model does not have', () => {
    const a = defineProgram({
      names: ['x'],
      summary: 'a',
      sources: [],
      runs: 'nothing',
      examples: [],
      readOnly: { robota: { y: { globs: false } } },
    });
    expect(() => createProgramRegistry([a], { check: true })).toThrow(/"y" is not one of its names/);
  });

  it('has no duplicate names among the shipped models', () => {
    expect(() => createProgramRegistry(allProgramModels(), { check: true })).not.toThrow();
  });

  it('finds every model by each of its names', () => {
    for (const m of allProgramModels()) for (const n of m.names) expect(PROGRAMS.get(n)).toBe(m);
  });

  it("gives the read-only tables the models' entries", () => {
    for (const m of allProgramModels()) {
      for (const [name, entry] of Object.entries(m.readOnly?.claudeCode ?? {})) expect(CLAUDE_CODE_READ_ONLY[name]).toBe(entry);
      for (const [name, spec] of Object.entries(m.readOnly?.robota ?? {})) expect(ROBOTA_READ_ONLY[name]).toBe(spec);
      for (const [name, entry] of Object.entries(m.readOnly?.wrapper ?? {})) expect(WRAPPERS_READ_ONLY[name]).toBe(entry);
    }
  });

  it('gives every model sources and at least one example', () => {
    for (const m of allProgramModels()) {
      expect(m.sources.length, m.summary).toBeGreaterThan(0);
      expect(m.examples.length, m.summary).toBeGreaterThan(0);
    }
  });

  it("names the programs of a role: the models' and the unmodelled ones it was given", () => {
    const wrapper = defineProgram({ names: ['w1', 'w2'], summary: 'w', sources: ['x'], runs: 'seen', role: 'wrapper', examples: [] });
    const plain = defineProgram({ names: ['p'], summary: 'p', sources: ['x'], runs: 'nothing', examples: [] });
    const registry = createProgramRegistry([wrapper, plain], { unmodelled: { shell: ['sh'] } });
    expect([...registry.namesOf('wrapper')]).toEqual(['w1', 'w2']);
    expect([...registry.namesOf('shell')]).toEqual(['sh']);
    expect([...registry.namesOf('interpreter')]).toEqual([]);
  });

  it('gives a wrapper a reading of the command it runs', () => {
    for (const m of allProgramModels().filter((m) => m.role === 'wrapper')) {
      expect(m.runs, m.summary).toBe('seen');
      expect(m.unwrap, m.summary).toBeDefined();
    }
    expect(PROGRAMS.namesOf('wrapper').has('sudo')).toBe(true);
    expect(PROGRAMS.namesOf('interpreter').has('python3')).toBe(true);
  });
});

/**
 * The models with a files facet and no option grammar, by first name: why. A model that reads
 * GNU options reads them through its grammar (the shape its files facet is handed); one listed
 * here reads its words another way, or still with an option shape of its own (to move).
 */
const WITHOUT_GRAMMAR: Readonly<Record<string, string>> = {
  dd: 'its words are KEY=VALUE operands, not options',
  ctags:
    'only its option files and file lists are modelled, read by its own loop as ctags reads them (ctagsOptions: letters cluster, values attached or next, long options only with =)',
  find: 'its words are an expression, read by its own walk (find.ts)',
  parallel:
    'Perl Getopt::Long reads its words (any case, unique abbreviations, bundled letters): its own table and loop (parallel-options.ts)',
  screen: 'its own loop: letters with values next or attached, and whole words such as -Logfile (screen.ts)',
  xe: 'getopt letters read by its own loop, the -a/-A/-p forms not read (xe.ts)',
  entr: 'getopt flags only (-acdnprsz), no permutation: its own loop reads them (entr.ts)',
  fd: 'clap reads its words, and -x/-X take every word up to `;` as the command they run: its own loop (fd.ts)',
  xxd: "its options are read by their first two characters, with values attached or next (xxd.c's own loop)",
  hyperfine: 'clap: -P takes three words and -L two, neither with =, and a value may not begin with - (its own reader, hyperfine.ts)',
  history: "bash's builtin option reader: a value letter must end its word (its own loop)",
  declare: "bash's builtin option reader (its own loop)",
  trap: 'its words are an action and signal names',
  git: 'a global grammar and one per subcommand (programs/git/)',
  kubectl:
    'only --kubeconfig, kustomize [DIR] and -k DIR are read, wherever pflag takes them (global flags follow any subcommand); its other words are not modelled (credential-plugins.ts, kustomize.ts)',
  kustomize:
    'only build [DIR] and the flags that name what it runs are read (kustomize.ts, shared with kubectl kustomize); its other commands are not modelled',
  fzf: 'only --preview, --bind, --listen and --history are read (its own parser, no abbreviations); its other words are not modelled (fzf.ts)',
  docker: 'only --config is read (a global flag); its other words are not modelled (credential-plugins.ts)',
  aws: 'only `configure` after the global options is read (it writes ~/.aws); its other words are not modelled (credential-plugins.ts)',
  rustup: 'only its subcommand words are read (those that write ~/.rustup); its other words are not modelled (rust-toolchain.ts)',
  jq: 'still an option shape of its own in readers.ts (to move)',
  ps: 'BSD, POSIX and GNU option styles at once (its own loop)',
  ar: 'its first word is a key of letters (`rcs`, `-x`) whose modifiers take the next operands (binutils ar.c, its own loop)',
  sqlite3: 'single-dash long options anywhere, some taking two words (`-lookaside SIZE N`): its own loop (shell.c main)',
  'ssh-keygen':
    'only the libraries -D and -w load and the default known_hosts of -F, -R and -H read with its getopt string (library-loaders.ts); its other commands are not modelled',
  zip: "Info-ZIP's own option grammar (two-letter short options: -tt, -TT; list options), read by zip-options.ts",
  cpio: 'still an option shape of its own (to move)',
  gcc: 'no grammar of the compilers and ld yet: only their @FILE words are modelled, every other word assumed (compilers.ts)',
  as: 'no grammar of as, gprof, elfedit yet: only their @FILE words are modelled, every other word assumed (binutils.ts)',
  ranlib: 'no grammar of ranlib and the gcc-ar wrappers yet: only their @FILE words and --plugin are modelled (binutils.ts)',
  'llvm-addr2line': 'no grammar of the LLVM tools yet: only their @FILE words are modelled, every other word assumed (llvm-tools.ts)',
  gcov: 'no grammar of gcov and lto-dump yet: only their @FILE words are modelled, every other word assumed (compilers.ts)',
  javac: 'no grammar of javac yet: only its @argfile words are modelled, every other word assumed (jvm-tools.ts)',
  javadoc: 'no grammar of the JDK tools yet: only their @argfile words are modelled, every other word assumed (jvm-tools.ts)',
  jmod: 'no grammar of the JDK tools yet: only their @argfile words are modelled, every other word assumed (jvm-tools.ts)',
  jar: 'what it extracts (extractors.ts) and its @argfile words are modelled, every other word assumed (jvm-tools.ts)',
  groff: 'no grammar of the troff family yet: only the files its text includes are modelled, every word assumed (include-languages.ts)',
  grog: 'no grammar of grog (its own /^--r/ reading): only --run, which runs groff on the files, is modelled, every word assumed (include-languages.ts)',
  man: 'no grammar of man yet: only the files a page file includes are modelled, every word assumed (include-languages.ts)',
  rustc: 'no grammar of rustc yet: only its @path words and the files its source includes are modelled (include-languages.ts)',
  tex: 'no grammar of the TeX engines yet: only the files a document includes are modelled (include-languages.ts)',
  sass: 'no grammar of the style sheet compilers yet: only the files a sheet imports are modelled (include-languages.ts)',
  nasm: 'no grammar of nasm and yasm yet: only the files a source includes are modelled (include-languages.ts)',
  msgcat: 'only the files a --files-from list names are modelled, found by its own scan of the words (gettext.ts fileLists)',
  rmt: 'its options only set debugging; every file operation comes from its input (command-streams.ts)',
  rpcgen: 'no grammar of rpcgen, nvcc or genrb yet: only the files their source includes are modelled (include-languages.ts)',
  asciidoctor: 'no grammar of the markup converters yet: only the files a document includes are modelled (include-languages.ts)',
  esbuild: 'no grammar of esbuild yet: only the files a bundle imports are modelled (include-languages.ts)',
  'sensible-pager': 'its words go to the pager PAGER names: every word assumed (pager-front-ends.ts)',
  'sensible-editor': 'its words go to the editor VISUAL, EDITOR or SELECTED_EDITOR names: every word assumed (pager-front-ends.ts)',
  'sensible-browser': 'its words go to the browser BROWSER names: every word assumed (pager-front-ends.ts)',
  vipe: 'one option (--suffix); the editor it runs is its variables: every word assumed (pager-front-ends.ts)',
  'xdg-mime': 'xdg-utils scripts read their words by hand: only the set-default actions are modelled, every other word assumed (xdg-utils.ts)',
  'systemd-tmpfiles': 'its configuration operands and action options are read by hand; every other word assumed (tmpfiles.ts)',
  systemctl: 'only its verb and the options that choose the manager (--user, --global, --runtime, --root) are read, by its own loop; every other word assumed (systemctl.ts)',
  'update-rc.d': 'a script name and an action word read by hand (init-system-helpers has no getopt grammar beyond -f) (schedulers.ts)',
  dpkg: "only the extracting actions it hands to dpkg-deb (-x, -X, --extract, --vextract) are read, as dpkg-deb's (extractors.ts); every other word assumed (dpkg.ts)",
  cmake: 'only `-E COMMAND`: its file commands are read by the grammar of the coreutils program each stands for (cmake-commands.ts); every other word assumed',
  gpg: 'only its code options (gnupg.ts) and the output names it derives or takes from its data (gpg-outputs.ts, its own scan of the words); every other word assumed',
  zic: 'its source operands and -d/-l/-p/-t are read by hand; every other word assumed (zic.ts)',
  pydoc: 'no grammar of pydoc yet: only its pager variables are modelled, every word assumed (pager-front-ends.ts)',
  autoload: "a zsh builtin that opens no file (zsh's own option reader, + and - flags): only its state facet is read",
  zmodload: "a zsh builtin that opens no file (zsh's own option reader): only its state facet is read",
  zcompile: "a zsh builtin read by zsh's own option reader (single letters, up to the first operand): its output and input operands by hand (zsh-builtins.ts)",
  'git-shell': 'opens no file itself: every form runs code toolgate cannot see (git-shell.ts)',
  emulate: "a zsh builtin that opens no file (zsh's invocation flags, bundled, `o` taking a word): its -c text and state facet are read",
  setopt: 'a zsh builtin that opens no file: option names and letters, read by its state facet (zsh-setopt.ts)',
  dotenv: 'minimist reads its words (any option may take the next word): its own loop over the options it documents (node-wrappers.ts)',
  'env-cmd': 'commander reads its words up to the command (optional values): its own loop (node-wrappers.ts)',
  dtach: 'a mode word, a socket, then letters read by its own loop (session-starters.ts)',
  perf: 'a grammar per subcommand: only `perf stat` is read (perf.ts)',
  tsc: "tsc's options are matched without regard to case, a flag may take `true`/`false` after it and `-b` changes the rest: its own loop (tsc.ts)",
};

describe('one grammar per program', () => {
  it('every model with a files facet has a grammar, or is listed with why it has none', () => {
    // The builtins that open no file, and the interpreters (whose command lines end at the code
    // they run: each language's own reader in interpreters.ts), are not option grammars.
    const apart = new Set([...SHELL_BUILTIN_MODELS, ...INTERPRETER_MODELS]);
    const without = allProgramModels()
      .filter((m) => m.files && !m.grammar && !apart.has(m))
      .map((m) => m.names[0]!);
    expect(without.sort()).toEqual(Object.keys(WITHOUT_GRAMMAR).sort());
  });

  it.each(withGrammar.filter((m) => m.readOnly?.claudeCode ?? m.readOnly?.wrapper).map((m) => [m.names[0]!, m] as const))(
    '%s: every read-only safe option exists in the grammar and takes a value as the grammar says',
    (_name, m) => {
      const grammarLetters = letters(m.grammar.short ?? '');
      for (const entry of [...Object.values(m.readOnly!.claudeCode ?? {}), ...Object.values(m.readOnly!.wrapper ?? {})]) {
        for (const [letter, argument] of letters(entry.short ?? '')) expect(grammarLetters.get(letter), `-${letter}`).toBe(argument);
        for (const [name, argument] of [...longs(entry.long), ...[...longs(entry.otherLong)].map(([n]) => [n, undefined] as const)]) {
          const match = resolveLongOption({ ...m.grammar, abbreviations: false }, name);
          expect(match.ok, `--${name}`).toBe(true);
          if (match.ok && argument !== undefined) expect(match.argument, `--${name}`).toBe(argument);
        }
      }
    },
  );
});

/**
 * Slips in a robota profile the grammar check below finds and that stay, by model and slip: why.
 * Each entry must still be a slip (the test fails when one becomes unnecessary).
 */
const ROBOTA_EXCEPTIONS: Readonly<Record<string, string>> = {
  'grep --include-from':
    'GNU grep 3.8 has no --include-from, but robota matches unsafe long names by prefix, so it also ' +
    'disqualifies --include=GLOB: dropping it would make `grep --include=GLOB` read-only under robota (a decision change)',
};

describe("robota's read-only profiles", () => {
  const withRobota = withGrammar.filter((m) => m.readOnly?.robota);

  /** The slips of one model's robota profiles against its grammar, as `name -x` / `name --long`. */
  function slips(m: (typeof withRobota)[number]): string[] {
    const grammarLetters = letters(m.grammar.short ?? '');
    const out: string[] = [];
    for (const [name, spec] of Object.entries(m.readOnly!.robota!)) {
      const takesValue = new Set(spec.shortArg ?? '');
      for (const letter of spec.safeShort ?? '') {
        // `-NUM` is an option of a numeric grammar (head -20, grep -3): its digits are safe letters.
        if (m.grammar.numeric && /\d/.test(letter)) continue;
        const argument = grammarLetters.get(letter);
        if (argument === undefined) out.push(`${name} -${letter}: not in the grammar`);
        else if (!takesValue.has(letter) && argument !== 'none')
          out.push(`${name} -${letter}: a safe flag that takes a value (${argument})`);
      }
      for (const letter of takesValue) {
        const argument = grammarLetters.get(letter);
        if (argument !== 'required')
          out.push(`${name} -${letter}: takes the next word in the profile, ${argument ?? 'absent'} in the grammar`);
      }
      for (const long of spec.unsafeLong ?? []) {
        if (!resolveLongOption({ ...m.grammar, abbreviations: false }, long).ok) out.push(`${name} --${long}: not in the grammar`);
      }
    }
    return out;
  }

  it('has models to check', () => {
    expect(withRobota.length).toBeGreaterThanOrEqual(10);
  });

  it.each(withRobota.map((m) => [m.names[0]!, m] as const))(
    '%s: every option of its robota profile exists in the grammar and takes a value as the grammar says',
    (_name, m) => {
      const found = slips(m).filter((s) => !(s.split(':')[0]! in ROBOTA_EXCEPTIONS));
      expect(found).toEqual([]);
    },
  );

  it('lists only exceptions that are still slips', () => {
    const all = new Set(withRobota.flatMap((m) => slips(m).map((s) => s.split(':')[0]!)));
    for (const key of Object.keys(ROBOTA_EXCEPTIONS)) expect(all.has(key), key).toBe(true);
  });

  it('sees a safe letter the grammar lacks and a value letter the grammar reads as a flag', () => {
    const grammar: GnuOptionSpec = { short: 'c:n:qv' };
    const m = defineProgram({
      names: ['x'],
      summary: 'x',
      sources: ['x'],
      runs: 'nothing',
      examples: [],
      grammar,
      readOnly: { robota: { x: { globs: false, safeShort: 'nqvXc', shortArg: 'nq', unsafeLong: ['nope'] } } },
    });
    expect(slips(m as (typeof withRobota)[number]).sort()).toEqual(
      [
        'x -X: not in the grammar',
        'x -c: a safe flag that takes a value (required)',
        'x -q: takes the next word in the profile, none in the grammar',
        'x --nope: not in the grammar',
      ].sort(),
    );
  });
});

describe('name variants', () => {
  it('gives a triplet or versioned name the model that says it has them, and no other', () => {
    expect(PROGRAMS.get('x86_64-linux-gnu-gcc')?.names).toContain('gcc');
    expect(PROGRAMS.get('gcc-12')?.names).toContain('gcc');
    expect(PROGRAMS.get('x86_64-linux-gnu-cpp-12')?.names).toContain('cpp');
    expect(PROGRAMS.get('aarch64-linux-gnu-nm')?.names).toContain('nm');
    expect(PROGRAMS.get('x86_64-linux-gnu-ld.gold')?.names).toContain('ld.gold');
    expect(PROGRAMS.get('clang-16')?.names).toContain('clang');
    // A model that does not say so keeps its exact names; an unknown prefix is no triplet.
    expect(PROGRAMS.get('cat-2')).toBeUndefined();
    expect(PROGRAMS.get('my-own-gcc')).toBeUndefined();
    expect(PROGRAMS.get('gcc-x')).toBeUndefined();
  });
});
