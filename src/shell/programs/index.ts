/**
 * Every program toolgate models, one file each (a family such as git in a folder), and the one
 * registry over them. To add or correct a program, see `docs/shell.md`.
 */
import { arch } from './arch.js';
import { basename } from './basename.js';
import { cat } from './cat.js';
import { cd } from './cd.js';
import { cmp } from './cmp.js';
import { cp } from './cp.js';
import { df } from './df.js';
import { dirname } from './dirname.js';
import { find } from './find.js';
import { free } from './free.js';
import { git } from './git/index.js';
import { grep } from './grep.js';
import { groups } from './groups.js';
import { head } from './head.js';
import { hostname } from './hostname.js';
import { install } from './install.js';
import { ln } from './ln.js';
import { locale } from './locale.js';
import { patch } from './patch.js';
import { pwd } from './pwd.js';
import { readlink } from './readlink.js';
import { realpath } from './realpath.js';
import { rev } from './rev.js';
import { rg } from './rg.js';
import { shasum } from './shasum.js';
import { strings } from './strings.js';
import { tac } from './tac.js';
import { tar } from './tar/index.js';
import { test } from './test.js';
import { tree } from './tree.js';
import { uname } from './uname.js';
import { uptime } from './uptime.js';
import { which } from './which.js';
import { whoami } from './whoami.js';
import type { ProgramModel } from './model.js';
import { createProgramRegistry, type ProgramRegistry } from './registry.js';

export type { DirectoryChange, ProgramExample, ProgramModel, ProgramRuns, ProgramState } from './model.js';
export { cdReadOnly } from './cd.js';
export { createProgramRegistry, optionShape, type ProgramRegistry, type ProgramRegistryOptions } from './registry.js';

/** Every model, in the order the registry indexes them. @internal */
export const PROGRAM_MODELS: readonly ProgramModel[] = [
  arch, basename, cat, cd, cmp, cp, df, dirname, find, free, git, grep, groups, head, hostname, install, ln, locale, patch, pwd,
  readlink, realpath, rev, rg, shasum, strings, tac, tar, test, tree, uname, uptime, which, whoami,
];

/** The registry the shell layer uses (duplicate names are refused by its test, not at start). @internal */
export const PROGRAMS: ProgramRegistry = createProgramRegistry(PROGRAM_MODELS);
export { processesAimedAt, type ProcessAim } from './process-attach.js';
