/**
 * zic, the time zone compiler (tzcode; glibc 2.36's on Debian 12): it writes one file for each
 * `Zone NAME` line of its source files and one link for each `Link TARGET NAME` line, under the
 * folder `-d DIR` names (else /usr/share/zoneinfo); `-l TZ` and `-p TZ` add the links `localtime`
 * and `posixrules` there, `-t FILE` writes FILE. The names are in the source text, not on the
 * command line: red team 21 (R21-9) had `zic -d . zones.txt`, allowed in bypassPermissions, replace
 * `.claude/settings.json` with TZif data (`Zone .claude/settings.json 0 - PWN`) and a `Link` line
 * create `.git/hooks/post-checkout`. The model reads the source files through the file-system view
 * (`evaluate/config-writes.ts`) as zic does: a line's first word names its kind by any prefix of
 * `Zone` or `Link`, in any case; what it cannot read — no view, the input (`-`), a quoted name, a
 * name with a `..` component, `-d` relative to a folder it cannot place, the obsolete `-y` — is a
 * write of names toolgate cannot see, a protected ask (decision 0092).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { resolveLexically } from '../../paths/normalize.js';
import { defineProgram } from './model.js';

/** zic's options that take a value (`zic --help`, glibc 2.36), as their own word or glued. */
const VALUES = new Set(['-b', '-d', '-l', '-L', '-p', '-r', '-t', '-y']);

interface ZicWords {
  readonly values: ReadonlyMap<string, string>;
  readonly operands: readonly number[];
  readonly info: boolean;
}

function zicWords(argv: readonly string[]): ZicWords {
  const values = new Map<string, string>();
  const operands: number[] = [];
  let info = false;
  let ended = false;
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (ended || !w.startsWith('-') || w === '-') operands.push(k);
    else if (w === '--') ended = true;
    else if (w === '--version' || w === '--help') info = true;
    else {
      const opt = w.slice(0, 2);
      if (VALUES.has(opt)) values.set(opt, w.length > 2 ? w.slice(2) : (argv[++k] ?? ''));
    }
  }
  return { values, operands, info };
}

/** Its source files (and a leap-second file) are what it reads; `-t FILE` a file it writes. */
function zicFiles(argv: readonly string[]): FileOperands {
  const { operands, info } = zicWords(argv);
  if (info) return { files: [], unresolved: [], modelled: 'partly' };
  const files: FileOperand[] = operands.filter((k) => argv[k] !== '-').map((k) => ({ op: 'read', index: k }));
  return { files, unresolved: [], modelled: 'partly' };
}

/** A prefix of `word` (any case, at least one letter). */
const isPrefixOf = (f: string, word: string): boolean => f.length > 0 && word.startsWith(f.toLowerCase());

/** The names its source text makes it write (relative to its folder), or why they cannot be told. */
function zicNames(text: string, file: string): { name: string; setting: string }[] | string {
  const out: { name: string; setting: string }[] = [];
  for (const raw of text.split('\n')) {
    const fields = raw.replace(/#.*/, '').trim().split(/\s+/);
    const kind = fields[0] ?? '';
    const at = isPrefixOf(kind, 'zone') ? 1 : isPrefixOf(kind, 'link') ? 2 : -1;
    if (at < 0 || fields[at] === undefined) continue;
    const name = fields[at]!;
    if (name.includes('"')) return `${file} has a quoted name`;
    if (name.startsWith('/') || name.split('/').includes('..')) return `${file} names ${name}, outside its folder`;
    out.push({ name, setting: at === 1 ? 'a Zone line' : 'a Link line' });
  }
  return out;
}

/** The folder the command ran in, told by a relative source word and the absolute path it was read at. */
function cwdOf(argv: readonly string[], operands: readonly number[], reads: readonly string[]): string | undefined {
  const words = operands.map((k) => argv[k]!).filter((w) => w !== '-');
  for (const [i, w] of words.entries()) {
    const abs = reads[i];
    if (abs === undefined || w.startsWith('/')) continue;
    const rel = resolveLexically('/', w).slice(1);
    if (rel === '' || !abs.endsWith(`/${rel}`) || w.split('/').includes('..')) continue;
    return abs.slice(0, abs.length - rel.length - 1) || '/';
  }
  return undefined;
}

/** @internal */
export const zic = defineProgram({
  names: ['zic'],
  summary: 'zic: compile time zone source files into the zone files and links their Zone and Link lines name',
  sources: ['tzcode zic(8) (-d, -l, -p, -t, Zone and Link lines); glibc 2.36 zic --help; verified on Debian 12 in the read-only sandbox (red team 21, R21-9)'],
  files: (_name, argv) => zicFiles(argv),
  configWrites: (argv, reads, read) => {
    const { values, operands, info } = zicWords(argv);
    if (info) return { writes: [] };
    if (values.has('-y')) return { unknown: 'its -y names a command it runs' };
    if (operands.some((k) => argv[k] === '-')) return { unknown: 'its source comes from its input' };
    const d = values.get('-d') ?? '/usr/share/zoneinfo';
    let dir = d;
    if (!d.startsWith('/')) {
      const cwd = cwdOf(argv, operands, reads);
      if (cwd === undefined) return { unknown: `-d ${d} is relative to a folder toolgate cannot place` };
      dir = resolveLexically(cwd, d);
    }
    const under = (n: string) => resolveLexically(dir, n);
    const writes: { path: string; setting: string; file: string }[] = [];
    for (const file of reads) {
      const text = read(file);
      if (text === null) continue;
      if (text === undefined) return { unknown: `${file} cannot be read` };
      const names = zicNames(text, file);
      if (typeof names === 'string') return { unknown: names };
      for (const n of names) writes.push({ path: under(n.name), setting: n.setting, file });
    }
    const first = reads[0] ?? dir;
    if (values.has('-l')) writes.push({ path: under('localtime'), setting: '-l', file: first });
    if (values.has('-p')) writes.push({ path: under('posixrules'), setting: '-p', file: first });
    if (values.has('-t')) {
      const t = values.get('-t')!;
      if (!t.startsWith('/')) return { unknown: `-t ${t} is relative to where it runs` };
      writes.push({ path: t, setting: '-t', file: first });
    }
    return { writes };
  },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'zic --version', effects: [], why: 'it prints its version' }],
});
