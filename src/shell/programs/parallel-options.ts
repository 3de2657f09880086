/**
 * GNU parallel's own option words, read as its Perl Getopt::Long reads them (parallel 20221122,
 * `options_completion_hash`, with `Getopt::Long::Configure("bundling", "require_order")`): a long
 * name after `--`, any case, whole or as a unique abbreviation (`--jobl`, `--resul`; `--job` is
 * refused as ambiguous between joblog and jobs), its value after `=` or in the next word; single
 * letters bundled after `-` (`-kj2`), a value letter taking the rest of the word or the next word.
 * The first word that is not an option (or `--`) ends them. Verified with parallel 20221122:
 * `--JOBLOG=x`, `--jl=x`, `--jobl x`, `--resul DIR`, `--tmpd DIR` each wrote there.
 */

/** The option table: names of one option joined by `|`, `=…` a value, `:…` an optional one. */
const TABLE =
  'debug|D=s xargs m X v sql=s sql-master|sqlmaster=s sql-worker|sqlworker=s ' +
  'sql-and-worker|sqlandworker=s joblog|jl=s results|result|res=s resume resume-failed|resumefailed ' +
  'retry-failed|retryfailed silent keep-order|keeporder|k no-keep-order|nokeeporder|nok|no-k group ' +
  'g ungroup|u latest-line|latestline|ll line-buffer|line-buffered|linebuffer|linebuffered|lb tmux ' +
  'tmux-pane|tmuxpane null|0 quote|q parens=s rpl=s plus I=s extensionreplace|er=s U=s ' +
  'basenamereplace|bnr=s dirnamereplace|dnr=s basenameextensionreplace|bner=s seqreplace=s ' +
  'slotreplace=s jobs|j=s delay=s ssh-delay|sshdelay=f load=s noswap ' +
  'max-line-length-allowed|maxlinelengthallowed number-of-cpus|numberofcpus ' +
  'number-of-sockets|numberofsockets number-of-cores|numberofcores ' +
  'number-of-threads|numberofthreads use-sockets-instead-of-threads|usesocketsinsteadofthreads ' +
  'use-cores-instead-of-threads|usecoresinsteadofthreads ' +
  'use-cpus-instead-of-cores|usecpusinsteadofcores shell-quote|shellquote|shell_quote nice=i tag ' +
  'tag-string|tagstring=s ctag ctag-string|ctagstring=s color|colour ' +
  'color-failed|colour-failed|colorfailed|colourfailed|color-fail|colour-fail|colorfail|colourfail|cf ' +
  'onall nonall filter-hosts|filterhosts|filter-host sshlogin|S=s sshloginfile|slf=s ' +
  'controlmaster|M ssh=s transfer-file|transferfile|transfer-files|transferfiles|tf=s return=s ' +
  'trc=s transfer cleanup basefile|bf=s template|tmpl=s B=s ctrl-c|ctrlc no-ctrl-c|no-ctrlc|noctrlc ' +
  'work-dir|workdir|wd=s W=s rsync-opts|rsyncopts=s tmpdir|tempdir=s ' +
  'use-compress-program|compress-program|usecompressprogram|compressprogram=s ' +
  'use-decompress-program|decompress-program|usedecompressprogram|decompressprogram=s compress ' +
  'open-tty|o tty T H=i dry-run|dryrun|dr progress eta bar total-jobs|totaljobs|total=s shuf ' +
  'arg-sep|argsep=s arg-file-sep|argfilesep=s trim=s env=s recordenv|record-env session plain ' +
  'profile|J=s tollef gnu link|xapply linkinputsource|xapplyinputsource=i ' +
  'will-cite|willcite|nn|nonotice|no-notice halt-on-error|haltonerror|halt=s limit=s memfree=s ' +
  'memsuspend=s retries=s timeout=s term-seq|termseq=s max-procs|maxprocs|P=s delimiter|d=s ' +
  'max-chars|maxchars|s=s arg-file|argfile|a=s no-run-if-empty|norunifempty|r replace|i:s E=s ' +
  'eof|e:s process-slot-var|processslotvar=s max-args|maxargs|n=s ' +
  'max-replace-args|maxreplaceargs|N=s col-sep|colsep|C=s csv help|h L=s max-lines|maxlines|l:f ' +
  'interactive|p verbose|t version|V min-version|minversion=i show-limits|showlimits exit|x ' +
  'semaphore semaphore-timeout|semaphoretimeout|st=s semaphore-name|semaphorename|id=s fg bg wait ' +
  'shebang|hashbang _pipe-means-argfiles Y skip-first-line|skipfirstline bug pipe|spreadstdin ' +
  'round-robin|roundrobin|round recstart=s recend=s regexp|regex remove-rec-sep|removerecsep|rrs ' +
  'output-as-files|outputasfiles|files block-size|blocksize|block=s block-timeout|blocktimeout|bt=s ' +
  'header=s cat fifo pipe-part|pipepart tee shard=s bin=s group-by|groupby=s ' +
  'hgrp|hostgrp|hostgroup|hostgroups embed filter=s _parset=s shell-completion|shellcompletion=s ' +
  '_test=s';

/** One option of the table: its first name stands for all. */
interface Spec {
  readonly name: string;
  /** `=`: takes a value; `:`: may take one; `''`: takes none. */
  readonly value: '=' | ':' | '';
}

const SPECS = new Map<string, Spec>();
for (const entry of TABLE.split(' ')) {
  const m = /^([^=:]+)(?:([=:])[sif])?$/.exec(entry)!;
  const names = m[1]!.split('|');
  const spec: Spec = { name: names[0]!, value: (m[2] ?? '') as Spec['value'] };
  for (const n of names) SPECS.set(n, spec);
}
/** Long names compared without case (Getopt::Long's ignore_case, which bundling keeps for long names). */
const LONG = [...SPECS.keys()].filter((n) => n.length > 1);

/** An option parallel reads: its first name, its value (as written) and the value's word. */
export interface ParallelOption {
  readonly name: string;
  /** The option's own word. */
  readonly index: number;
  readonly value?: string;
  /** The value's word when it is a word of its own. */
  readonly valueIndex?: number;
}

/** parallel's options before its command (see the module comment), or why toolgate cannot read them. @internal */
export interface ParallelOptions {
  readonly options: readonly ParallelOption[];
  /** An option word parallel may read otherwise than toolgate can tell (unknown, ambiguous, a missing value). */
  readonly problem?: string;
}

/** The option a long name (without `--`) names: whole, or a unique abbreviation. */
function longSpec(name: string): Spec | undefined {
  const lower = name.toLowerCase();
  const exact = LONG.find((n) => n.toLowerCase() === lower) ?? (name.length === 1 ? name : undefined);
  if (exact !== undefined) return SPECS.get(exact);
  const hits = new Set(LONG.filter((n) => n.toLowerCase().startsWith(lower)).map((n) => SPECS.get(n)!));
  return hits.size === 1 ? [...hits][0] : undefined;
}

/**
 * Reads parallel's option words up to word `end` (its first `:::` list). An optional value (`-i`,
 * `--replace`, `-e`, `-l`) is read as taking the next word when that word is no option: the
 * reading that goes on with more option words (an over-approximation).
 */
export function parallelOptions(argv: readonly string[], end: number): ParallelOptions {
  const options: ParallelOption[] = [];
  let k = 1;
  const problem = (why: string): ParallelOptions => ({ options, problem: why });
  while (k < end) {
    const w = argv[k]!;
    if (w === '--' || !w.startsWith('-') || w === '-') break;
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq < 0 ? w.slice(2) : w.slice(2, eq);
      const spec = longSpec(name);
      if (spec === undefined) return problem(`parallel ${w}: an option toolgate cannot read (unknown or ambiguous)`);
      if (eq >= 0) {
        if (spec.value === '') return problem(`parallel ${w}: a value given to an option that takes none`);
        options.push({ name: spec.name, index: k, value: w.slice(eq + 1) });
        k++;
      } else if (spec.value === '=' || (spec.value === ':' && k + 1 < end && !argv[k + 1]!.startsWith('-'))) {
        if (k + 1 >= end) return problem(`parallel ${w} without its value`);
        options.push({ name: spec.name, index: k, value: argv[k + 1]!, valueIndex: k + 1 });
        k += 2;
      } else {
        options.push({ name: spec.name, index: k });
        k++;
      }
      continue;
    }
    let next = k + 1;
    for (let j = 1; j < w.length; j++) {
      const spec = SPECS.get(w[j]!);
      if (spec === undefined) return problem(`parallel ${w}: an option toolgate cannot read`);
      if (spec.value === '') {
        options.push({ name: spec.name, index: k });
        continue;
      }
      if (j + 1 < w.length) options.push({ name: spec.name, index: k, value: w.slice(j + 1) });
      else if (spec.value === '=' || (k + 1 < end && !argv[k + 1]!.startsWith('-'))) {
        if (k + 1 >= end) return problem(`parallel ${w} without its value`);
        options.push({ name: spec.name, index: k, value: argv[k + 1]!, valueIndex: k + 1 });
        next = k + 2;
      } else options.push({ name: spec.name, index: k });
      break;
    }
    k = next;
  }
  return { options };
}
