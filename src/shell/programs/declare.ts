/**
 * `declare`, `typeset`, `local`, `export`, `readonly`: the builtins that declare variables. They
 * open no file and run no program; what they change is the shell's state — a variable later
 * programs or bash read (`export PATH=…`, `declare -x GIT_DIR=…`), a function exported (`-f`), a
 * name that refers to another (`-n`) — so the commands after one may not be judged. Their
 * `NAME=value` operands are assignments (a prompt variable holds code), and bash evaluates a
 * subscript in a name arithmetically (`declare 'a[$(cmd)]=1'` runs cmd).
 */
import { defineProgram } from './model.js';
import { variablesSetBy } from './variable-setters.js';

/** The declaration builtins' model. @internal */
export const declare = defineProgram({
  names: ['declare', 'typeset', 'local', 'export', 'readonly'],
  summary: 'declare, typeset, local, export, readonly: declare shell variables',
  sources: ['bash 5.2 help declare / typeset / local / export / readonly', 'bash 5.2 bash(1), SHELL BUILTIN COMMANDS'],
  files: () => ({ files: [], unresolved: [] }),
  state: {
    hides: (name, cmd, shells) =>
      variablesSetBy(name, cmd.argv.slice(1), { exports: name === 'export', nameref: true }, shells, cmd.literal.slice(1)),
  },
  runs: 'nothing',
  passesOnData: true,
  arithmeticSubscripts: true,
  variables: 'assigns',
  variableWords: { nameref: true },
  examples: [
    { command: 'export NODE_ENV=test && cat a.txt', effects: ['read ./a.txt'], hides: false, why: 'NODE_ENV only shapes output' },
    {
      command: 'export PATH=/tmp/bin && cat a.txt',
      effects: ['read ./a.txt'],
      hides: true,
      why: 'later programs are looked up along PATH',
    },
    { command: 'local count=0', effects: [], hides: false, why: 'a lower-case variable that is not exported is data' },
    { command: 'declare -x lower=1 && ls', hides: true, why: '-x exports it to later programs' },
    { command: 'declare -n ref=PATH && ls', hides: true, why: '-n makes a name refer to another variable' },
    { command: "declare 'a[$(id)]=1'", readOnly: false, why: 'bash evaluates the subscript arithmetically and runs id' },
    { command: 'readonly -p', effects: [], hides: false },
  ],
});
