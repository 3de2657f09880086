/**
 * The values of program-naming variables known to run nothing (`inertCodeValue`), and the runtime
 * trait that gives every Python program the variables the interpreter reads (`defineProgram`).
 */
import { describe, expect, it } from 'vitest';
import { inertCodeValue, inertLessOptions } from '../../../src/shell/programs/environment-values.js';
import { defineProgram } from '../../../src/shell/programs/model.js';
import { PROGRAMS } from '../../../src/shell/programs/index.js';

describe('inertCodeValue', () => {
  it('takes a system POSIX shell as SHELL, nothing else', () => {
    for (const v of ['sh', 'bash', 'dash', '/bin/sh', '/bin/bash', '/usr/bin/bash', '']) expect(inertCodeValue('SHELL', v), v).toBe(true);
    for (const v of ['./sh', 'zsh', 'fish', '/tmp/sh', 'bash -c x', 'sh;x', '/usr/local/bin/bash', undefined])
      expect(inertCodeValue('SHELL', v), String(v)).toBe(false);
  });

  it('takes no program as SUDO_ASKPASS or a Python path', () => {
    for (const name of ['SUDO_ASKPASS', 'PYTHONPATH', 'PYTHONHOME', 'PYTHONUSERBASE'])
      for (const v of ['./a', '.', '/usr/bin/ssh-askpass', 'src']) expect(inertCodeValue(name, v), `${name}=${v}`).toBe(false);
  });
});

describe('the python runtime', () => {
  it('adds what the interpreter reads to the variables a model reads, its own entries first', () => {
    const m = defineProgram({
      names: ['t'],
      summary: 't',
      sources: ['x'],
      runtime: 'python',
      readsVariables: { PYTHONPATH: { may: ['options'], what: 'own' }, X: { may: ['code'], what: 'x' } },
      runs: 'unseen',
      examples: [],
    });
    expect(Object.keys(m.readsVariables!).sort()).toEqual(['PYTHONHOME', 'PYTHONPATH', 'PYTHONPLATLIBDIR', 'PYTHONUSERBASE', 'X']);
    expect(m.readsVariables!['PYTHONPATH']!.what).toBe('own');
  });

  it('is a trait of every Python program modelled', () => {
    for (const name of ['pip', 'pip3', 'pydoc3', 'aws', 'yq']) {
      expect(PROGRAMS.get(name)?.runtime, name).toBe('python');
      expect(PROGRAMS.get(name)?.readsVariables?.['PYTHONPATH']?.may, name).toEqual(['code']);
    }
    expect(PROGRAMS.get('ls')?.readsVariables?.['PYTHONPATH']).toBeUndefined();
  });
});

describe('inertLessOptions', () => {
  it('takes display flags, in letters or long names, with numbers where less takes one', () => {
    for (const v of [
      'FRX',
      '-FRX',
      '-R',
      'R',
      '-R -F',
      '-FRSXMK',
      '-x4',
      '-x4,8',
      '-j.5',
      '-Rj-2',
      '-+S',
      '--mouse -R',
      '--tabs=4',
      '-R --no-init',
    ])
      expect(inertLessOptions(v), v).toBe(true);
  });

  it('refuses a log file, a key or tags file, a start command, a prompt, an abbreviated long name', () => {
    for (const v of [
      '-O.claude/settings.json',
      '-o log',
      '-R -Ox',
      '-Rox',
      '-kkeys',
      '-Ttags',
      '-tmain',
      '+!rm x',
      '-R +G',
      '-Pprompt',
      '-pTODO',
      '--log-file=x',
      '--LOG-FILE=x',
      '--log',
      '--lesskey-src=k',
      '-',
      '',
    ])
      expect(inertLessOptions(v), v).toBe(false);
  });

  it('is the reading of LESS and SYSTEMD_LESS for a program that runs less; less itself reads LESS with its grammar', () => {
    expect(inertCodeValue('LESS', '-O.claude/settings.json')).toBe(false);
    expect(inertCodeValue('LESS', '-O.claude/settings.json', true)).toBe(true);
    expect(inertCodeValue('LESS', '+!rm x', true)).toBe(false);
    expect(inertCodeValue('SYSTEMD_LESS', 'FRSXMK')).toBe(true);
    expect(inertCodeValue('SYSTEMD_LESS', 'FRSXMK -O.claude/settings.json')).toBe(false);
  });
});

describe('the Java virtual machine option variables', () => {
  it('take options that only tune the runtime as inert', () => {
    for (const v of [
      '-Xmx2g',
      '-Xmx2g -Dfile.encoding=UTF-8',
      '-XX:+UseG1GC -XX:MaxRAMPercentage=75',
      '-Djava.awt.headless=true',
      '-ea',
      '--add-opens=java.base/java.lang=ALL-UNNAMED',
    ])
      for (const name of ['JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'MAVEN_OPTS'])
        expect(inertCodeValue(name, v), `${name}=${v}`).toBe(true);
  });

  it('take an agent, a log file, a class property, a flags file or an argument file as code', () => {
    for (const v of [
      '-javaagent:./a.jar',
      '-agentpath:./a.so',
      '-agentlib:jdwp=transport=dt_socket',
      '-Xlog:gc:file=.claude/settings.json',
      '-Djava.system.class.loader=X',
      '-XX:Flags=.hotspotrc',
      '-XX:OnError=sh',
      // a number may name a file (verified: a file `1` holding -agentpath: loaded it) or a command
      '-XX:VMOptionsFile=1',
      '-XX:Flags=2',
      '-XX:OnOutOfMemoryError=1',
      '-XX:HeapDumpPath=1',
      '-Xmx2g -javaagent:a.jar',
      '@args',
      '-Dmaven.repo.local=.claude',
    ])
      expect(inertCodeValue('JAVA_TOOL_OPTIONS', v), v).toBe(false);
  });

  it('are read by every Java program through its runtime, JDK_JAVA_OPTIONS by java only and MAVEN_OPTS by mvn', () => {
    for (const name of ['java', 'javac', 'javadoc', 'keytool', 'mvn'])
      expect(PROGRAMS.get(name)?.readsVariables?.['JAVA_TOOL_OPTIONS'], name).toBeDefined();
    expect(PROGRAMS.get('java')?.readsVariables?.['JDK_JAVA_OPTIONS']).toBeDefined();
    expect(PROGRAMS.get('javac')?.readsVariables?.['JDK_JAVA_OPTIONS']).toBeUndefined();
    expect(PROGRAMS.get('mvn')?.readsVariables?.['MAVEN_OPTS']).toBeDefined();
    expect(PROGRAMS.get('gcc')?.readsVariables?.['COMPILER_PATH']).toBeDefined();
  });
});
