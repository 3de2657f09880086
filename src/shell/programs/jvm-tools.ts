/**
 * The Java launcher, the JDK's tools and Maven: only what the Java virtual machine reads before
 * their code starts is modelled (`runtime: 'jvm'`: `JAVA_TOOL_OPTIONS`, `_JAVA_OPTIONS`), with
 * the launcher's `JDK_JAVA_OPTIONS` and Maven's `MAVEN_OPTS`. A value of options that only tune the
 * runtime (`-Xmx2g`, `-Dfile.encoding=UTF-8`: `environment-values.ts` INERT_JVM_OPTION) is inert;
 * any other (`-javaagent:./a.jar`, `-agentpath:`, `-Xlog:gc:file=…`) is code, a protected ask in
 * every mode. What each writes with its words is not modelled (`otherwiseUnknown`). The code they
 * run is judged where other runners' is: `java` is an interpreter (`interpreters.ts`: a source
 * file, a jar, a class, `@argfile`, `-javaagent:` run code; only `-version`, `--help` … alone do
 * not), javac and mvn run the project's code (`project-runners.ts`, with {@link javacRunsNothing}).
 *
 * Verified with OpenJDK 17 and Maven 3.8.7 on Debian 12 (#37, replay of red team 18 NEW-4):
 * `JAVA_TOOL_OPTIONS=-javaagent:./a.jar` and `_JAVA_OPTIONS=…` ran the agent for `java -version`
 * and `javac -version`, `JDK_JAVA_OPTIONS=…` for java only (javac does not read it), and
 * `MAVEN_OPTS=-javaagent:./a.jar mvn -v` ran it.
 */
import type { FileOperand } from '../options/file-operands.js';
import { decodeWord } from '../syntax/words.js';
import { inertJvmOption } from './environment-values.js';
import { globMayMatchStart } from './glob-names.js';
import { extractorFiles } from './extractors.js';
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** The opaque code a word loads. */
const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });

/** What the found words load, or undefined when none does. */
const loaded = (inner: Unwrapped[]): WrapperInfo | undefined => (inner.length > 0 ? wrapInfo(inner) : undefined);

/**
 * javac's options that take the next word as their value (OpenJDK 17 `javac --help`,
 * `--help-extra`): `-d -proc:none` names a folder, and processors still run.
 */
const JAVAC_VALUE_OPTIONS: ReadonlySet<string> = new Set(
  (
    '--add-modules --boot-class-path -bootclasspath --class-path -classpath -cp -d -encoding -endorseddirs -extdirs -h ' +
    '--limit-modules --module -m --module-path -p --module-source-path --module-version -processor --processor-module-path ' +
    '--processor-path -processorpath -profile --release -s --source -source --source-path -sourcepath --system --target ' +
    '-target --upgrade-module-path --add-exports --add-reads --default-module-for-created-files --patch-module -Xmaxerrs ' +
    '-Xmaxwarns -Xstdout'
  ).split(' '),
);

/**
 * Whether javac runs no code but its own: annotation processing is off (`-proc:none`, an option
 * of its own, not an option's value) and no word loads more (`-J` options reach the virtual
 * machine: `-J-javaagent:`, `-J-agentpath:`, any but those only tuning the runtime, as for every
 * launcher in {@link JDK_LAUNCHERS}; `-Xplugin:` loads a compiler plugin; an `@argfile`
 * holds options toolgate does not see here). OpenJDK 17 javac runs, by default, every annotation
 * processor its class path holds — the working directory when neither `-cp` nor `CLASSPATH` is
 * given (verified: `javac -d o x.java` ran a processor from ./META-INF/services and ./P.class;
 * `javac -cp p.jar`, `-processorpath p.jar` and `-J-javaagent:./a.jar -version` ran theirs; with
 * `-proc:none` none ran).
 * @internal
 */
export function javacRunsNothing(argv: readonly string[]): boolean {
  let off = false;
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if ((a.startsWith('-J') && !inertJvmOption(a.slice(2))) || a.startsWith('@') || a.startsWith('-Xplugin')) return false;
    if (a.startsWith('-proc:')) off = a === '-proc:none';
    if (JAVAC_VALUE_OPTIONS.has(a)) k++;
  }
  return off;
}

/** java. @internal */
export const java = defineProgram({
  names: ['java'],
  summary: 'java: the Java launcher (only the options its variables hold are modelled)',
  sources: ['OpenJDK 17 java(1): "Using the JDK_JAVA_OPTIONS Launcher Environment Variable", -javaagent, -agentpath, -Xlog'],
  runtime: 'jvm',
  readsVariables: {
    JDK_JAVA_OPTIONS: {
      may: ['code'],
      what: 'JDK_JAVA_OPTIONS holds options the java launcher reads before its command line (-javaagent and -agentpath load code, -Xlog may write a file)',
    },
  },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: "JAVA_TOOL_OPTIONS='-Dfile.encoding=UTF-8' java -version", effects: [], why: 'an encoding only' },
    {
      command: 'JAVA_TOOL_OPTIONS=-javaagent:./a.jar java -version',
      effects: ['write . [some]'],
      why: "the agent's premain runs before the program",
    },
  ],
});

/**
 * javac: its `@argfile` words are read as binutils' response files are (`evaluate/response-files.ts`):
 * the words of the file take its place (`javac @rj x.java` with `-d .claude` in rj wrote
 * .claude/x.class, red team 19 R19-9); one toolgate cannot read or name holds options it cannot
 * see — writes of any name and code (`-processorpath`), a protected ask in every mode. Every other
 * word is assumed read and written (`-d DIR`, `-s DIR`, `-h DIR` name folders it writes into).
 * @internal
 */
export const javac = defineProgram({
  names: ['javac'],
  summary: 'javac: the Java compiler (its @argfile words and the options the Java virtual machine reads are modelled)',
  sources: ['OpenJDK 17 javac(1) ("Command-Line Argument Files", -d, -s, -h, -J, -proc); JVMTI, "Command-Line Option" (JAVA_TOOL_OPTIONS)'],
  runtime: 'jvm',
  files: (_name, argv) => ({
    files: argv.flatMap((w, index) =>
      index > 0 && w.startsWith('@') && w.length > 1 ? [{ op: 'read' as const, index, value: w.slice(1) }] : [],
    ),
    unresolved: [],
    modelled: 'partly',
  }),
  // Its -J words are read as every launcher's are (`javac -proc:none -J$X x.java`).
  unwrap: (argv, literal) => loaded(launcherCode(argv, literal)),
  responseFiles: 'binutils',
  responseUnseen: 'run',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: '_JAVA_OPTIONS=-javaagent:./a.jar javac -version',
      effects: ['write . [some]'],
      why: 'the virtual machine running javac loads the agent',
    },
    { command: 'javac @rj x.java', effects: ['read ./rj', 'write ./x.java (word)'], why: 'the words of rj take the place of @rj' },
  ],
});

/**
 * How a JDK launcher reads its words beyond its own options ({@link JDK_LAUNCHERS}): `argfiles`,
 * whether it puts the words of an `@FILE` argument in its place (as javac does), and what its
 * unseen words may do (`write`: name files it writes; `run`: load code too); `code`, options of
 * its own that load code, with why.
 */
interface Launcher {
  readonly argfiles?: 'write' | 'run';
  readonly code?: (argv: readonly string[]) => string | undefined;
}

/** The first of `options` (each also as `-opt=value`) among the words, or undefined. */
const firstOption =
  (options: readonly string[], why: (option: string) => string) =>
  (argv: readonly string[]): string | undefined => {
    const hit = argv.slice(1).find((w) => options.some((o) => w === o || w.startsWith(`${o}=`)));
    return hit === undefined ? undefined : why(hit.split('=')[0]!);
  };

/**
 * keytool's and jarsigner's security provider options: `-providerclass C` loads and initialises
 * class C (its static code runs), from the jars of `-providerpath LIST` (keytool) — keytool reads
 * its option names in any case (`-providerPath`). Verified on OpenJDK 17.0.15 (red team 21, R21-1):
 * `keytool -list -providerpath s.jar -providerclass S …` and `-providerPath s.jar -providerClass S`
 * ran S's static block, which ran a project script.
 */
const providerCode =
  (tool: string) =>
  (argv: readonly string[]): string | undefined => {
    const hit = argv.slice(1).find((w) => /^-provider(path|class)$/i.test(w));
    return hit === undefined ? undefined : `${tool} ${hit} names a security provider class ${tool} loads and runs`;
  };

/**
 * The launchers of $JAVA_HOME/bin (OpenJDK 17; jwebserver and jnativescan are JDK 18 and 22's)
 * but java, javac, jshell and jrunscript, which run code anyway (`interpreters.ts`,
 * `project-runners.ts`). Every one is the JDK's native launcher with a fixed main class: it gives
 * each word `-J<option>` — anywhere on the line, also after the tool's options — to the Java
 * virtual machine before the tool starts (verified on OpenJDK 17.0.15: `jar -version
 * -J-agentpath:./evil.so`, `keytool -J-XX:VMOptionsFile=vo -version` with `-agentpath:./evil.so`
 * in vo ran the library's constructor for each of these 24; red team 19 replay, NEW-4). Only
 * javac, javadoc, jar, jmod, jimage, jlink and jpackage (and java) read `@FILE` arguments
 * (verified: `jar @f` with `--version` in f printed the version; javap, jdeps, jdeprscan,
 * keytool and jarsigner took `@f` as a class, path or alias); a `-J` word inside one is not
 * given to the virtual machine (verified: `jar @f -version` with `-J-agentpath:./evil.so` in f
 * loaded nothing).
 * @internal
 */
export const JDK_LAUNCHERS: Readonly<Record<string, Launcher>> = {
  // javadoc loads the doclet and taglets these name (classes: code), before any output.
  javadoc: {
    argfiles: 'run',
    code: firstOption(['-doclet', '-docletpath', '-taglet', '-tagletpath'], (o) => `javadoc ${o} names classes javadoc loads and runs`),
  },
  jar: { argfiles: 'write' },
  jmod: { argfiles: 'write' },
  jimage: { argfiles: 'write' },
  // What jlink's and jpackage's options load or start is not modelled: unseen words of theirs may load code.
  jlink: { argfiles: 'run' },
  jpackage: { argfiles: 'run' },
  javap: {},
  jdeps: {},
  jdeprscan: {},
  keytool: { code: providerCode('keytool') },
  jarsigner: { code: providerCode('jarsigner') },
  serialver: {},
  jcmd: { code: (argv) => jcmdCode(argv) },
  jps: {},
  jstat: {},
  jstack: {},
  jmap: {},
  jinfo: {},
  jfr: {},
  jhsdb: {},
  jstatd: {},
  rmiregistry: {},
  jwebserver: {},
  jnativescan: {},
  jconsole: { code: firstOption(['-pluginpath'], () => 'jconsole -pluginpath names plugins jconsole loads and runs') },
  // jdb starts a virtual machine running the class it is given, or one its commands (`run`) name.
  jdb: {
    code: (argv) =>
      argv.length === 2 && JDB_INFO.has(argv[1]!)
        ? undefined
        : 'jdb runs the program it debugs (it starts a Java virtual machine running the class it is given)',
  },
};

/**
 * jcmd's diagnostic commands that only report on the process they are sent to (OpenJDK 17 `jcmd
 * PID help`). Not `JVMTI.agent_load` (the process loads a library: verified, `jcmd PID
 * JVMTI.agent_load ./evil.so` ran its constructor, a relative name from the process's directory),
 * `VM.set_flag`, `ManagementAgent.start`, `Compiler.directives_add`, or those that write a file
 * (`GC.heap_dump`, `JFR.start`/`JFR.dump`, `VM.log`, `VM.cds`, `Compiler.perfmap`).
 */
const JCMD_REPORTS: ReadonlySet<string> = new Set(
  (
    'help Compiler.CodeHeap_Analytics Compiler.codecache Compiler.codelist Compiler.directives_print Compiler.queue ' +
    'GC.class_histogram GC.finalizer_info GC.heap_info GC.run GC.run_finalization JFR.check ManagementAgent.status ' +
    'PerfCounter.print System.trim_native_heap Thread.print VM.class_hierarchy VM.classloader_stats VM.classloaders ' +
    'VM.command_line VM.dynlibs VM.events VM.flags VM.info VM.metaspace VM.native_memory VM.print_touched_methods ' +
    'VM.stringtable VM.symboltable VM.system_properties VM.systemdictionary VM.uptime VM.version'
  ).split(' '),
);

/**
 * What `jcmd TARGET COMMAND…` makes a running Java process do beyond reporting: its words after
 * the target are one command text, whose lines are each a command (verified: `VM.version` and
 * `JVMTI.agent_load ./evil.so` on two lines loaded the library); `-f FILE` reads them from a file.
 * Alone, or with `-l`, `-h`, it only lists processes or prints its usage.
 */
function jcmdCode(argv: readonly string[]): string | undefined {
  const args = argv.slice(1);
  if (args.length === 0 || (args.length === 1 && ['-l', '-h', '-help', '--help'].includes(args[0]!))) return undefined;
  const command = args[1];
  if (command !== undefined && JCMD_REPORTS.has(command) && !args.some((a) => a.includes('\n'))) return undefined;
  return `jcmd ${args.join(' ')} sends a running Java process a command that may load code into it (JVMTI.agent_load) or write files toolgate cannot see`;
}

/** jdb's words that, alone, only print what it is. */
const JDB_INFO: ReadonlySet<string> = new Set(['-version', '-help', '-?']);

/**
 * The code a JDK launcher's words load: each `-J` word whose option is not known to only tune the
 * runtime (`environment-values.ts` inertJvmOption: `-J-Xmx1g` is inert; `-J-agentpath:`,
 * `-J-javaagent:`, `-J-XX:VMOptionsFile=` are not), a word toolgate cannot read (it may be one),
 * and the launcher's own code options. @internal
 */
export function launcherCode(argv: readonly string[], literal: readonly boolean[]): Unwrapped[] {
  const name = (argv[0] ?? '').slice((argv[0] ?? '').lastIndexOf('/') + 1);
  const out: Unwrapped[] = [];
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (literal[k] === false && mayBeJ(w))
      out.push(opaque(`${name} gives a word -J<option> to its Java virtual machine, and ${w} may be one (toolgate cannot read it)`));
    else if (w.startsWith('-J') && !inertJvmOption(w.slice(2)))
      out.push(
        opaque(
          `${name} ${w} gives the Java virtual machine ${w.slice(2) || 'an empty option'}, which may load code (an agent, a library, a file of options)`,
        ),
      );
  }
  const own = JDK_LAUNCHERS[name]?.code?.(argv);
  if (own !== undefined) out.push(opaque(own));
  return out;
}

/**
 * Whether a word toolgate cannot read may be a `-J` word: a glob that may match a name beginning
 * `-J` (`*.class` may: verified, `jar cf a.jar *.class` beside a file `-J-javaagent:e.class` ran
 * the agent in the jar e.class), an expansion or
 * substitution unless a literal character other than `-` leads (`build/$f` cannot).
 */
function mayBeJ(word: string): boolean {
  const d = decodeWord(word);
  if (d.glob && !d.expansion && d.substitutions === 0) return globMayMatchStart(word, '-J');
  return !/^[^-$'"\\`*?[]/.test(word);
}

/** The `@FILE` words of a launcher that reads them: files read, whose words take their place (`evaluate/response-files.ts`). */
function argfileReads(argv: readonly string[]): FileOperand[] {
  return argv.flatMap((w, index) =>
    index > 0 && w.startsWith('@') && w.length > 1 ? [{ op: 'read' as const, index, value: w.slice(1) }] : [],
  );
}

/** The launchers whose `argfiles` is `kind`. */
const launchers = (kind: Launcher['argfiles']): string[] =>
  Object.entries(JDK_LAUNCHERS)
    .filter(([name, l]) => l.argfiles === kind && name !== 'jar')
    .map(([name]) => name);

const LAUNCHER_SOURCES = [
  'OpenJDK 17 tool pages (javadoc(1), jar(1), jlink(1), keytool(1) …: "-J option", "@argfiles"), java(1) (-agentpath, -javaagent, -XX:VMOptionsFile)',
];

/** The JDK's tools that read no `@FILE`: only what their `-J` words and code options load is modelled. @internal */
export const jdkTools = defineProgram({
  names: launchers(undefined),
  summary: "the JDK's tools: javap, keytool, jcmd, … (only the options they give the Java virtual machine or that load code are modelled)",
  sources: LAUNCHER_SOURCES,
  runtime: 'jvm',
  unwrap: (argv, literal) => loaded(launcherCode(argv, literal)),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: '_JAVA_OPTIONS=-javaagent:./a.jar javap -version',
      effects: ['write . [some]'],
      why: 'the virtual machine running javap loads the agent',
    },
    {
      command: 'keytool -J-agentpath:./evil.so -help',
      effects: ['write ./-agentpath:./evil.so (path)'],
      why: 'the library is opaque code (unwrap)',
    },
    { command: 'jps -J-Xmx64m', effects: [], why: 'a heap size only' },
    {
      command: 'jcmd 4242 JVMTI.agent_load ./evil.so',
      effects: ['write ./4242 (word)', 'write ./JVMTI.agent_load (word)', 'write ./evil.so (path)'],
      why: 'the process loads the library: opaque code (unwrap)',
    },
  ],
});

/**
 * The JDK's tools that read `@FILE` as javac does, and whose unseen words name what they write:
 * jmod and jimage.
 * @internal
 */
export const jdkArgfileTools = defineProgram({
  names: launchers('write'),
  summary: "the JDK's jmod and jimage (their @argfile words, -J words and the options the Java virtual machine reads are modelled)",
  sources: LAUNCHER_SOURCES,
  runtime: 'jvm',
  unwrap: (argv, literal) => loaded(launcherCode(argv, literal)),
  files: (_name, argv) => ({ files: argfileReads(argv), unresolved: [], modelled: 'partly' }),
  responseFiles: 'binutils',
  responseUnseen: 'write',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'jmod @opts', effects: ['read ./opts'], why: 'the words of opts take the place of @opts' }],
});

/**
 * The JDK's tools that read `@FILE` as javac does and whose unseen words may load code: javadoc
 * (`-doclet`, `-taglet`), jlink and jpackage. javadoc's `@rj` with `-d .claude` in rj wrote its
 * pages into .claude (red team 19 replay, NEW-6).
 * @internal
 */
export const jdkCodeArgfileTools = defineProgram({
  names: launchers('run'),
  summary:
    "the JDK's javadoc, jlink and jpackage (their @argfile words, -J words, javadoc's doclets and taglets and the options the Java virtual machine reads are modelled)",
  sources: LAUNCHER_SOURCES,
  runtime: 'jvm',
  unwrap: (argv, literal) => loaded(launcherCode(argv, literal)),
  files: (_name, argv) => ({ files: argfileReads(argv), unresolved: [], modelled: 'partly' }),
  responseFiles: 'binutils',
  responseUnseen: 'run',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: '_JAVA_OPTIONS=-javaagent:./a.jar javadoc -version',
      effects: ['write . [some]'],
      why: 'the virtual machine running javadoc loads the agent',
    },
    { command: 'javadoc @rj x.java', effects: ['read ./rj', 'write ./x.java (word)'], why: 'the words of rj take the place of @rj' },
    {
      command: 'javadoc -taglet T -tagletpath t x.java',
      effects: ['write ./T (word)', 'write ./t (word)', 'write ./x.java (word)'],
      why: 'the taglet is opaque code (unwrap)',
    },
  ],
});

/**
 * jar: it extracts the names its archive holds (`extractors.ts`), reads `@FILE` as javac does,
 * and its unseen words name what it writes (`jar @r` with `cf .claude/a.jar x.java` in r wrote
 * .claude/a.jar).
 * @internal
 */
export const jar = defineProgram({
  names: ['jar'],
  summary: 'jar: the JDK archive tool (what it extracts, its @argfile words and -J words are modelled)',
  sources: ['OpenJDK 17 jar(1) ("-J option", "@argfiles", -x), java(1) (-agentpath, -javaagent)', ...LAUNCHER_SOURCES],
  runtime: 'jvm',
  unwrap: (argv, literal) => loaded(launcherCode(argv, literal)),
  files: (name, argv) => {
    const extracted = extractorFiles(name, argv);
    return { ...extracted, files: [...argfileReads(argv), ...extracted.files] };
  },
  responseFiles: 'binutils',
  responseUnseen: 'write',
  runs: 'unseen',
  examples: [
    {
      command: 'jar xf a.jar',
      effects: ['write . [some]', 'write ./xf (word)', 'write ./a.jar (word)'],
      why: 'writes the names a.jar holds; the other words are assumed',
    },
    {
      command: 'jar -J-javaagent:./evil.jar --version',
      effects: ['write ./-javaagent:./evil.jar (path)'],
      why: 'the agent is opaque code (unwrap)',
    },
  ],
});

/** mvn. @internal */
export const mvn = defineProgram({
  names: ['mvn'],
  summary: 'mvn: Apache Maven (only the options its variables give the Java virtual machine are modelled)',
  sources: ['Apache Maven 3.8 /usr/share/maven/bin/mvn (MAVEN_OPTS given to java); Maven "Configuring Maven" (MAVEN_OPTS)'],
  runtime: 'jvm',
  readsVariables: {
    MAVEN_OPTS: {
      may: ['code'],
      what: 'MAVEN_OPTS holds options the mvn script gives the Java virtual machine (-javaagent loads code, -Xlog may write a file)',
    },
  },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: "MAVEN_OPTS='-Xmx2g -Dfile.encoding=UTF-8' mvn -v", effects: [], why: 'heap size and encoding only' },
    { command: 'MAVEN_OPTS=-javaagent:./a.jar mvn -v', effects: ['write . [some]'], why: 'the agent runs before Maven' },
  ],
});
