/**
 * The Java launcher, the JDK's tools and Maven: only what the Java virtual machine reads before
 * their code starts is modelled (`runtime: 'jvm'`: `JAVA_TOOL_OPTIONS`, `_JAVA_OPTIONS`), with
 * the launcher's `JDK_JAVA_OPTIONS` and Maven's `MAVEN_OPTS`. A value of options that only tune the
 * runtime (`-Xmx2g`, `-Dfile.encoding=UTF-8`: `environment-values.ts` INERT_JVM_OPTION) is inert;
 * any other (`-javaagent:./a.jar`, `-agentpath:`, `-Xlog:gc:file=…`) is code, a protected ask in
 * every mode. What each does with its words is not modelled (`otherwiseUnknown`: `java -jar x.jar`
 * and `mvn test` are judged as before).
 *
 * Verified with OpenJDK 17 and Maven 3.8.7 on Debian 12 (#37, replay of red team 18 NEW-4):
 * `JAVA_TOOL_OPTIONS=-javaagent:./a.jar` and `_JAVA_OPTIONS=…` ran the agent for `java -version`
 * and `javac -version`, `JDK_JAVA_OPTIONS=…` for java only (javac does not read it), and
 * `MAVEN_OPTS=-javaagent:./a.jar mvn -v` ran it.
 */
import { defineProgram } from './model.js';

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

/** The JDK's tools, each a Java program started by the same launcher code. @internal */
export const jdkTools = defineProgram({
  names: ['javac', 'javadoc', 'javap', 'jdeps', 'jlink', 'jpackage', 'keytool', 'jarsigner'],
  summary: "the JDK's tools: javac, javadoc, javap, … (only the options the Java virtual machine reads are modelled)",
  sources: ['OpenJDK 17 javac(1) and the JDK tool pages; JVMTI, "Command-Line Option" (JAVA_TOOL_OPTIONS)'],
  runtime: 'jvm',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: '_JAVA_OPTIONS=-javaagent:./a.jar javac -version',
      effects: ['write . [some]'],
      why: 'the virtual machine running javac loads the agent',
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
