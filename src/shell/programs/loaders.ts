/**
 * The loader of every program model, in the registry's order: a function per model (or per module's
 * list of models) that gives it. The registry runs a loader the first time one of its names is
 * looked up; in the hook's bundle each import below is a stand-in whose module initialises on first
 * use (`scripts/lazy-families.ts`), so a call runs only the models of the programs it names. A new
 * model is a line here, then `npm run programs:index` writes its names into `program-index.ts`.
 */
import { ack, ag } from './ag.js';
import { arch } from './arch.js';
import { unzip, zip } from './archivers.js';
import { bzip2, compress, gzip, lz4, pigz, xz, zstd } from './compressors.js';
import { awk } from './awk.js';
import { basename } from './basename.js';
import { BUILTIN_RUNNER_MODELS } from './builtin-runners.js';
import { cat } from './cat.js';
import { cd } from './cd.js';
import { b2sum, checksums, cksum, sum } from './checksums.js';
import { bat } from './bat.js';
import { dos2unix } from './dos2unix.js';
import { basenc, encoders } from './encoders.js';
import { hd } from './hd.js';
import { iconv } from './iconv.js';
import { less, more } from './pagers.js';
import { fmt, join, pr, tsort, unexpand } from './text-formatters.js';
import { yq } from './yq.js';
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
import { factor } from './factor.js';
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
import { mktemp } from './mktemp.js';
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
import type { ProgramLoader } from './registry.js';

/** Every model's loader; `program-index.ts` indexes what each gives. @internal */
export const PROGRAM_LOADERS: readonly ProgramLoader[] = [
  () => ack,
  () => ag,
  () => arch,
  () => awk,
  () => basename,
  () => busybox,
  () => cat,
  () => cd,
  () => checksums,
  () => chrt,
  () => cmp,
  () => column,
  () => comm,
  () => gzip,
  () => pigz,
  () => bzip2,
  () => xz,
  () => zstd,
  () => lz4,
  () => compress,
  () => cp,
  () => csplit,
  () => curl,
  () => cut,
  () => date,
  () => declare,
  () => df,
  () => diff,
  () => dirname,
  () => du,
  () => env,
  () => expand,
  () => expr,
  () => extractors,
  () => factor,
  () => file,
  () => find,
  () => flock,
  () => fold,
  () => free,
  () => git,
  () => grep,
  () => groups,
  () => head,
  () => history,
  () => hexdump,
  () => hostname,
  () => id,
  () => install,
  () => jq,
  () => ln,
  () => locale,
  () => logname,
  () => ls,
  () => lsof,
  () => mktemp,
  () => mv,
  () => nl,
  () => npm,
  () => nproc,
  () => numfmt,
  () => od,
  () => parallel,
  () => paste,
  () => patch,
  () => printenv,
  () => ps,
  () => pwd,
  () => readlink,
  () => realpath,
  () => rename,
  () => rev,
  () => rg,
  () => rsync,
  () => runuser,
  () => script,
  () => sed,
  () => gsed,
  () => seq,
  () => sg,
  () => shasum,
  () => shuf,
  () => sleep,
  () => sort,
  () => split,
  () => stat,
  () => strings,
  () => su,
  () => sudo,
  () => tac,
  () => tail,
  () => tee,
  () => tar,
  () => test,
  () => tr,
  () => tree,
  () => tty,
  () => uname,
  () => unbuffer,
  () => uniq,
  () => unzip,
  () => uptime,
  () => users,
  () => watch,
  () => wc,
  () => wget,
  () => which,
  () => whoami,
  () => xargs,
  () => xxd,
  () => yes,
  () => zip,
  () => RUNNER_MODELS,
  () => BUILTIN_RUNNER_MODELS,
  () => SHELL_BUILTIN_MODELS,
  () => INTERPRETER_MODELS,
  () => FILE_OPERATION_MODELS,
  // The readers that were a table of option shapes in readers.ts.
  () => b2sum,
  () => bat,
  () => cksum,
  () => dos2unix,
  () => encoders,
  () => basenc,
  () => fmt,
  () => hd,
  () => iconv,
  () => join,
  () => less,
  () => more,
  () => pr,
  () => sum,
  () => tsort,
  () => unexpand,
  () => yq,
];
