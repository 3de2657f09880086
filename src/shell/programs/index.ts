/**
 * Every program toolgate models, one file each (a family such as git in a folder), and the one
 * registry over them. To add or correct a program, see `docs/shell.md`.
 */
import { ack, ag } from './ag.js';
import { arch } from './arch.js';
import { compressors, unzip, zip } from './archivers.js';
import { awk } from './awk.js';
import { basename } from './basename.js';
import { BUILTIN_RUNNER_MODELS } from './builtin-runners.js';
import { cat } from './cat.js';
import { cd } from './cd.js';
import { checksums } from './checksums.js';
import { chrt } from './chrt.js';
import { cmp } from './cmp.js';
import { column } from './column.js';
import { comm } from './comm.js';
import { cp } from './cp.js';
import { curl } from './curl/index.js';
import { cut } from './cut.js';
import { date } from './date.js';
import { declare } from './declare.js';
import { df } from './df.js';
import { diff } from './diff.js';
import { dirname } from './dirname.js';
import { du } from './du.js';
import { env } from './env.js';
import { expand } from './expand.js';
import { expr } from './expr.js';
import { extractors } from './extractors.js';
import { file } from './file.js';
import { FILE_OPERATION_MODELS } from './file-operations.js';
import { busybox } from './busybox.js';
import { find } from './find.js';
import { flock } from './flock.js';
import { fold } from './fold.js';
import { free } from './free.js';
import { git } from './git/index.js';
import { grep } from './grep.js';
import { groups } from './groups.js';
import { head } from './head.js';
import { history } from './history.js';
import { hexdump } from './hexdump.js';
import { hostname } from './hostname.js';
import { id } from './id.js';
import { install } from './install.js';
import { jq } from './jq.js';
import { INTERPRETER_MODELS } from './interpreters.js';
import { ln } from './ln.js';
import { locale } from './locale.js';
import { logname } from './logname.js';
import { ls } from './ls.js';
import { lsof } from './lsof.js';
import { mv } from './mv.js';
import { nl } from './nl.js';
import { npm } from './npm.js';
import { numfmt } from './numfmt.js';
import { nproc } from './nproc.js';
import { od } from './od.js';
import { paste } from './paste.js';
import { parallel } from './parallel.js';
import { patch } from './patch.js';
import { printenv } from './printenv.js';
import { ps } from './ps.js';
import { pwd } from './pwd.js';
import { readlink } from './readlink.js';
import { realpath } from './realpath.js';
import { rename } from './rename.js';
import { rev } from './rev.js';
import { rg } from './rg.js';
import { rsync } from './rsync.js';
import { RUNNER_MODELS } from './runners.js';
import { script } from './script.js';
import { gsed, sed } from './sed/index.js';
import { seq } from './seq.js';
import { SHELL_BUILTIN_MODELS } from './shell-builtins.js';
import { sg } from './sg.js';
import { shasum } from './shasum.js';
import { shuf } from './shuf.js';
import { sleep } from './sleep.js';
import { sort } from './sort.js';
import { csplit, split } from './split.js';
import { stat } from './stat.js';
import { strings } from './strings.js';
import { runuser, su } from './su.js';
import { sudo } from './sudo.js';
import { tac } from './tac.js';
import { tail } from './tail.js';
import { tee } from './tee.js';
import { tar } from './tar/index.js';
import { test } from './test.js';
import { tr } from './tr.js';
import { tree } from './tree.js';
import { tty } from './tty.js';
import { uname } from './uname.js';
import { unbuffer } from './unbuffer.js';
import { uniq } from './uniq.js';
import { uptime } from './uptime.js';
import { users } from './users.js';
import { watch } from './watch.js';
import { wc } from './wc.js';
import { wget } from './wget.js';
import { which } from './which.js';
import { whoami } from './whoami.js';
import { xargs } from './xargs.js';
import { xxd } from './xxd.js';
import { yes } from './yes.js';
import type { ProgramModel, ProgramRole } from './model.js';
import { createProgramRegistry, type ProgramRegistry } from './registry.js';
import { SHELLS } from './posix-shells.js';
import { INTERPRETERS } from './interpreters.js';
import { PROJECT_RUNNERS } from './project-runners.js';
import { PACKAGE_RUNNERS } from './package-runners.js';

export type { DirectoryChange, ProgramConfigFiles, ProgramExample, ProgramModel, ProgramRole, ProgramRuns, ProgramState } from './model.js';
export { cdReadOnly } from './cd.js';
export { createProgramRegistry, optionShape, type ProgramRegistry, type ProgramRegistryOptions } from './registry.js';

/** Every model, in the order the registry indexes them. @internal */
export const PROGRAM_MODELS: readonly ProgramModel[] = [
  ack,
  ag,
  arch,
  awk,
  basename,
  busybox,
  cat,
  cd,
  checksums,
  chrt,
  cmp,
  column,
  comm,
  compressors,
  cp,
  csplit,
  curl,
  cut,
  date,
  declare,
  df,
  diff,
  dirname,
  du,
  env,
  expand,
  expr,
  extractors,
  file,
  find,
  flock,
  fold,
  free,
  git,
  grep,
  groups,
  head,
  history,
  hexdump,
  hostname,
  id,
  install,
  jq,
  ln,
  locale,
  logname,
  ls,
  lsof,
  mv,
  nl,
  npm,
  nproc,
  numfmt,
  od,
  parallel,
  paste,
  patch,
  printenv,
  ps,
  pwd,
  readlink,
  realpath,
  rename,
  rev,
  rg,
  rsync,
  runuser,
  script,
  sed,
  gsed,
  seq,
  sg,
  shasum,
  shuf,
  sleep,
  sort,
  split,
  stat,
  strings,
  su,
  sudo,
  tac,
  tail,
  tee,
  tar,
  test,
  tr,
  tree,
  tty,
  uname,
  unbuffer,
  uniq,
  unzip,
  uptime,
  users,
  watch,
  wc,
  wget,
  which,
  whoami,
  xargs,
  xxd,
  yes,
  zip,
  ...RUNNER_MODELS,
  ...BUILTIN_RUNNER_MODELS,
  ...SHELL_BUILTIN_MODELS,
  ...INTERPRETER_MODELS,
  ...FILE_OPERATION_MODELS,
];

/**
 * The registry the shell layer uses (duplicate names are refused by its test, not at start). The
 * programs of a role that have no model yet come from the tables that know them as opaque: the
 * POSIX shells, the interpreters, the project and package runners.
 * @internal
 */
export const PROGRAMS: ProgramRegistry = createProgramRegistry(PROGRAM_MODELS, {
  unmodelled: { shell: SHELLS, interpreter: INTERPRETERS, runner: [...PROJECT_RUNNERS, ...PACKAGE_RUNNERS] },
});

/**
 * The names of the programs of a role (wrappers, interpreters, shells, runners of scripts), for a
 * place that asks whether a program name alone may start anything at all (a broad allow rule, a
 * hook's script).
 * @internal
 */
export function programsOfRole(role: ProgramRole): ReadonlySet<string> {
  return PROGRAMS.namesOf(role);
}

/** Whether `name` moves the shell's working directory for the commands after it (cd, pushd, popd). @internal */
export function changesDirectory(name: string): boolean {
  return PROGRAMS.get(name)?.state?.directory !== undefined;
}

/** Whether `name` moves it to a directory it names or home (cd, pushd), not back along the stack (popd). @internal */
export function entersDirectory(name: string): boolean {
  const state = PROGRAMS.get(name)?.state;
  return state?.directory !== undefined && state.returnsAlongStack?.(name) !== true;
}

/** Whether `name` only passes its words on as data (see `ProgramModel.passesOnData`). @internal */
export function passesOnData(name: string): boolean {
  return PROGRAMS.get(name)?.passesOnData === true;
}

/** Whether `name` finds its repository from the directory it runs in (git; see `ProgramModel.findsRepositoryFromCwd`). @internal */
export function findsRepositoryFromCwd(name: string): boolean {
  return PROGRAMS.get(name)?.findsRepositoryFromCwd === true;
}
export { processesAimedAt, type ProcessAim } from './process-attach.js';
export { packageRunsOf, isPackageRunner, specPackage, unnamedPackageSpec, type PackageRun } from './package-runners.js';
export { printedVariables } from './environment-printers.js';
export { runsJavaScript } from './interpreters.js';
