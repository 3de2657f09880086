/**
 * The C compiler drivers and the linker: GNU gcc 12 (`gcc`, `g++`, `cc`, `c++`, `cpp`) and GNU ld
 * 2.40 expand every word `@FILE` into the words FILE holds, and `@FILE` inside it too, as
 * binutils does (libiberty's `expandargv`; verified: `gcc @rsp` with `-include .env -E -x c
 * /dev/null` in rsp printed .env, and `@sshlink/id_rsa` in it made ld name the key's text); clang
 * and clang++ do the same (LLVM's `ExpandResponseFiles`, which follows `@FILE` inside too). This
 * model says only that (`responseFiles`): `evaluate/response-files.ts` reads the files through
 * the view, and each word there is a file the command reads — an option's value too (`-include
 * .env`, `-imacros .env`). toolgate has no grammar of their options: their other words keep the
 * treatment of a program it does not model (each assumed a path read and written), and the
 * programs their options run (`-wrapper`, `-B`, `-fplugin`, specs) are not seen (`runs: 'unseen'`).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';

/** The `@FILE` words: each FILE is read; every other word is assumed (`modelled: 'partly'`). */
function compilerFiles(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  for (let k = 1; k < argv.length; k++) if (argv[k]!.startsWith('@')) files.push({ op: 'read', index: k, value: argv[k]!.slice(1) });
  return { files, unresolved: [], modelled: 'partly' };
}

/** The compiler drivers and ld: their response files only. @internal */
export const compilers = defineProgram({
  names: ['gcc', 'g++', 'cc', 'c++', 'cpp', 'ld', 'clang', 'clang++'],
  summary: 'gcc, g++, cc, c++, cpp, ld, clang: compile, preprocess and link (only their @FILE response files are modelled)',
  sources: [
    'GNU gcc 12 gcc(1) ("@file"), GNU ld 2.40 ld(1) ("@file"), libiberty expandargv; verified on Debian 12',
    'LLVM CommandLine library, "Response files" (clang; not verified here: no clang installed)',
  ],
  files: (_name, argv) => compilerFiles(argv),
  responseFiles: 'binutils',
  runs: 'unseen',
  examples: [
    {
      command: 'gcc @rsp x.c',
      effects: ['read ./rsp', 'write ./x.c (word)'],
      why: 'the words of rsp take the place of @rsp; the other words are assumed paths, as for a program toolgate does not model',
    },
  ],
});
