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
import { defineProgram } from './model.js';

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
 * machine: `-J-javaagent:`, `-J-agentpath:`; `-Xplugin:` loads a compiler plugin; an `@argfile`
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
    if (a.startsWith('-J') || a.startsWith('@') || a.startsWith('-Xplugin')) return false;
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

/** The JDK's other tools, each a Java program started by the same launcher code. @internal */
export const jdkTools = defineProgram({
  names: ['javadoc', 'javap', 'jdeps', 'jlink', 'jpackage', 'keytool', 'jarsigner'],
  summary: "the JDK's tools: javadoc, javap, … (only the options the Java virtual machine reads are modelled)",
  sources: ['OpenJDK 17 javadoc(1) and the JDK tool pages; JVMTI, "Command-Line Option" (JAVA_TOOL_OPTIONS)'],
  runtime: 'jvm',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: '_JAVA_OPTIONS=-javaagent:./a.jar javadoc -version',
      effects: ['write . [some]'],
      why: 'the virtual machine running javadoc loads the agent',
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
