/**
 * Every program toolgate models, one file each (a family such as git in a folder), and the one
 * registry over them. To add or correct a program, see `docs/shell.md`.
 */
import { cd } from './cd.js';
import { cp } from './cp.js';
import { find } from './find.js';
import { git } from './git/index.js';
import { grep } from './grep.js';
import { install } from './install.js';
import { ln } from './ln.js';
import { patch } from './patch.js';
import { rg } from './rg.js';
import { shasum } from './shasum.js';
import { strings } from './strings.js';
import { tar } from './tar/index.js';
import { test } from './test.js';
import { tree } from './tree.js';
import type { ProgramModel } from './model.js';
import { createProgramRegistry, type ProgramRegistry } from './registry.js';

export type { DirectoryChange, ProgramExample, ProgramModel, ProgramRuns, ProgramState } from './model.js';
export { cdReadOnly } from './cd.js';
export { createProgramRegistry, optionShape, type ProgramRegistry, type ProgramRegistryOptions } from './registry.js';

/** Every model, in the order the registry indexes them. @internal */
export const PROGRAM_MODELS: readonly ProgramModel[] = [cd, cp, find, git, grep, install, ln, patch, rg, shasum, strings, tar, test, tree];

/** The registry the shell layer uses (duplicate names are refused by its test, not at start). @internal */
export const PROGRAMS: ProgramRegistry = createProgramRegistry(PROGRAM_MODELS);
