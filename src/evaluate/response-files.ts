/**
 * Response files: binutils programs (strings, objdump, nm, readelf, size, addr2line, c++filt,
 * strip, objcopy, ar) expand every argument `@FILE` into the words FILE holds before reading their
 * options, so `strings @docs/list` reads the files docs/list names and `strip @list` rewrites them.
 * The command line does not show them: they are read through the file-system view, put in the
 * place of `@FILE`, and read by the program's own files facet (an option's value stays a value:
 * `strings -s @f x` takes the word of f as its separator). When the view cannot show a response
 * file's words (no view, a file it cannot read or too big), they name files anywhere: a read of
 * some path (`/**`), so a Read deny rule makes it a guarded read and other rules play no part —
 * written too by strip and objcopy (a protected ask), and hidden code for nm and ar, whose words
 * may load a plugin. One the same line writes, one reached through a variable, or a chain too
 * deep: an unresolved reason (a deny rule could apply to what is hidden: a firm ask), and for
 * those that write what their words name, a write of any name (a protected ask in every mode).
 * A `@FILE` may stand inside a word too, where the model says (`responsePlaces`: gcc's
 * `-Wl,@FILE`, which ld expands), and among the words a program hands another (`handsWords`:
 * rustc's `-C link-arg=@FILE`, which cc expands): that program reads it.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { Platform } from '../core/types.js';
import { isInside, normalizePath } from '../paths/index.js';
import type { PathEffect, ShellAnalysis } from '../shell/index.js';
import { PROGRAMS } from '../shell/programs/index.js';
import type { ResponsePlace } from '../shell/programs/model.js';
import { argumentPlaces, lineWords, wholeWordPlace } from '../shell/programs/response-places.js';
import { fileOperands } from '../shell/effects/file-effects/index.js';
import { includedRead } from './include-reads.js';

/** What the world shows of a call's response files. */
export interface ResponseWorld {
  /** The file-system view; without one a response file's words are unknown. */
  view?: ReadonlyFsView | undefined;
  cwd: string;
  home: string;
  platform: Platform;
}

/** The reads a call's response files add, why some cannot be told, and the commands they make run code. */
export interface ResponseReads {
  effects: PathEffect[];
  unresolved: string[];
  /** Commands (by index in the analysis) whose response files make them run code toolgate cannot read, and why. */
  opaque: { command: number; reason: string }[];
}

/** A response file longer than this is not read: what it names is unknown. */
const MAX_TEXT = 64 * 1024;
/**
 * How deep `@FILE` inside a response file is followed (libiberty's expandargv follows every one; a
 * loop would never end): deeper, what the command reads is some path (a guarded read).
 */
const MAX_DEPTH = 8;

/**
 * Where a command's program reads response files, and which program reads each: its own (every
 * argument `@FILE`, or where its model says: gcc's `-Wl,@FILE`), and those of the program it
 * hands words (`handsWords`: rustc's `-C link-arg=@FILE` is cc's), with the word it is in.
 */
interface Reading {
  /** The program that expands it, and that program's words (`cc` and rustc's link arguments). */
  name: string;
  argv: readonly string[];
  place: ResponsePlace;
  /** The command's word it is in, and whether that word is literal. */
  word: number;
  literal: boolean;
}

const placesOf = (name: string, argv: readonly string[], literal: readonly boolean[]): ResponsePlace[] =>
  PROGRAMS.get(name)?.responsePlaces?.(argv, literal) ?? argumentPlaces(argv);

function readings(name: string, argv: readonly string[], literal: readonly boolean[]): Reading[] {
  const model = PROGRAMS.get(name);
  const out: Reading[] = [];
  if (model?.responseFiles !== undefined)
    for (const place of placesOf(name, argv, literal))
      out.push({ name, argv, place, word: place.index, literal: literal[place.index] === true });
  const handed = model?.handsWords?.(argv, literal);
  if (handed !== undefined && PROGRAMS.get(handed.program)?.responseFiles === 'binutils') {
    const words = [handed.program, ...handed.words.map((w) => w.word)];
    const lit = [true, ...handed.words.map((w) => w.literal)];
    for (const place of placesOf(handed.program, words, lit)) {
      const from = handed.words[place.index - 1]!;
      out.push({ name: handed.program, argv: words, place, word: from.index, literal: from.literal });
    }
  }
  return out;
}

/** The reads the `@FILE` words of the line's commands add (see the module comment). */
export function responseFileReads(analysis: ShellAnalysis, effects: readonly PathEffect[], world: ResponseWorld): ResponseReads {
  const out: ResponseReads = { effects: [], unresolved: [], opaque: [] };
  analysis.commands.forEach((cmd, i) => {
    if (cmd.literal[0] !== true) return;
    for (const r of readings(cmd.program, cmd.argv, cmd.literal)) {
      const name = r.name;
      const value = r.place.file;
      // A response file toolgate cannot read names files anywhere: an unresolved reason (a deny
      // rule could apply), and for a program whose words may name what it writes, a write of any
      // name (a protected ask in every mode: `gcc -c m.c @$PWD/r` with `-o .claude/settings.json`
      // in r overwrote the settings in bypassPermissions, red team 19).
      const why = (what: string): void => {
        out.unresolved.push(`${name} reads more options and file names from ${value || '@'}, ${what}`);
        unseenWrites(name, i, value || '@', what, out);
      };
      if (!r.literal) {
        why('a file toolgate cannot name (the word is not literal)');
        continue;
      }
      const found = effects.filter((e) => e.command === i && e.op === 'read' && e.literal && e.raw === value && e.viaSymlink !== true);
      if (found.length === 0) {
        why('which toolgate cannot place');
        continue;
      }
      for (const e of found) {
        const base = baseOf(e.path, value, world);
        if (base === undefined) why('and toolgate cannot tell which directory the names in it are relative to');
        else expand(e.path, base, i, name, effects, world, out, 0, r.argv, r.place);
      }
    }
  });
  return out;
}

/**
 * For a program whose response-file words may name what it writes (`responseUnseen`: a
 * compiler's `-o`, strip's objects): words toolgate cannot see write any name — a write of some
 * path, which meets the protected paths in every mode (decision 0092).
 */
function unseenWrites(name: string, command: number, file: string, what: string, out: ResponseReads): void {
  if (PROGRAMS.get(name)?.responseUnseen === undefined) return;
  out.effects.push({ op: 'write', path: '/**', raw: `/** (the files ${file} names, where ${what})`, literal: false, command, glob: true });
}

/** The directory the command runs in, from where a relative `value` landed (`path`). */
export function baseOf(path: string, value: string, world: Pick<ResponseWorld, 'cwd' | 'home' | 'platform'>): string | undefined {
  const opts = { cwd: world.cwd, home: world.home, platform: world.platform };
  if (normalizePath(value, opts) === path) return world.cwd;
  // A plain relative name (no `.`, `..`, `~`, empty part): the command's directory is what precedes it.
  const parts = value.split('/');
  if (value.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..' || p.startsWith('~'))) return undefined;
  return path.endsWith(`/${value}`) ? path.slice(0, -value.length - 1) || '/' : undefined;
}

function expand(
  file: string,
  base: string,
  command: number,
  name: string,
  effects: readonly PathEffect[],
  world: ResponseWorld,
  out: ResponseReads,
  depth: number,
  argv: readonly string[],
  place: ResponsePlace,
): void {
  const why = (what: string): void => {
    out.unresolved.push(`${name} reads more options and file names from ${file}, ${what}`);
  };
  // A word of the command itself that toolgate takes as a path it may write (ctags' words) is
  // not written before the program reads its files: it writes only its tag file, after.
  const lines = PROGRAMS.get(name)?.responseFiles === 'lines';
  const written = effects.some(
    (e) =>
      e.op !== 'read' &&
      !(lines && e.command === command && e.assumed !== undefined) &&
      (!e.literal || e.glob || e.path === file || (e.tree !== undefined && isInside(file, e.path))),
  );
  // Words the view cannot show name files anywhere: a read of some path (a guarded read where a
  // Read deny rule applies), a write too for a program whose words may name what it writes (a
  // compiler's `-o`, strip's objects: a protected ask, decision 0092); words that may load code
  // (`--plugin`) are hidden code.
  const model = PROGRAMS.get(name);
  const anyWrite = (what: string): void => unseenWrites(name, command, file, what, out);
  if (written) {
    // `echo '-o .claude/settings.json' > rsp && cc @rsp` (red team 16 replay): what it names is unseen.
    anyWrite('the command line writes it (or may) before it is read');
    return why('which the command line writes (or may) before it is read');
  }
  const unseen = (what: string): void => {
    anyWrite(what);
    if (model?.responseUnseen === 'run') {
      out.opaque.push({
        command,
        reason: `${name} reads more options from ${file}, where ${what}, and its words may make it run code (load a plugin)`,
      });
      return why(`${what}, and its words may load a plugin`);
    }
    const raw = `/** (the files ${file} names, where ${what})`;
    const some = { path: '/**', raw, literal: false, command, glob: true } as const;
    out.effects.push({ op: 'read', ...some });
  };
  const view = world.view;
  if (view === undefined) return unseen('toolgate has no view of the files');
  // libiberty leaves `@FILE` as it is when FILE does not exist or is a directory; ctags reads a
  // folder's option files (`--options=DIR`), which toolgate does not list.
  if (!view.exists(file)) return;
  if (view.isDirectory?.(file) === true) return lines ? unseen('it is a folder, whose files toolgate does not read') : undefined;
  if (depth >= MAX_DEPTH) return unseen('it names more files deeper than toolgate follows');
  const text = view.readText?.(file);
  if (text === undefined) return unseen('toolgate cannot read it');
  if (text.length > MAX_TEXT) return unseen('it is too big for toolgate to read');
  const opts = { cwd: base, home: world.home, platform: world.platform };
  const words = lines ? lineWords(text) : responseWords(text);
  // The words take the place of `@FILE` (libiberty's expandargv), and the program reads them as
  // it reads its command line: its model's files facet says what each names (strip rewrites the
  // objects, objcopy's `--dump-section S=F` writes F, strings reads).
  const { argv: spliced, from, to } = place.splice(words);
  const inside = (k: number): boolean => k >= from && k < to;
  // What the words name is read where the view shows it leads (`@creds`, a link to
  // ~/.aws/credentials, reads the credentials).
  const push = (e: PathEffect): void => {
    out.effects.push(e);
    const real = view.realpath(e.path);
    if (real !== undefined && real !== e.path) out.effects.push({ ...e, path: real, viaSymlink: true });
  };
  // A file of lines may name another where the model's places say (`--options=o2.ctags` in
  // o.ctags, `-L list` in it): the program reads that one in its place, as it does the first.
  if (lines)
    for (const p of placesOf(name, spliced, all(spliced)))
      if (inside(p.index)) {
        const nested = normalizePath(p.file, opts);
        push({ op: 'read', path: nested, raw: p.file, literal: true, command, glob: false });
        expand(nested, base, command, name, effects, world, out, depth + 1, spliced, p);
      }
  // What the words make the program read from its input (`-L -` in a ctags option file).
  const input = (a: readonly string[]) => (typeof model?.includesFiles === 'function' ? model.includesFiles(a) : undefined);
  const reads = input(spliced);
  if (reads !== undefined && input(argv) === undefined) out.effects.push(includedRead(name, `${reads}, read from ${file}`, command));
  // A response file may name another (`@.env` in it): libiberty reads that one in its place, so
  // it is a file the command reads too (red team 12: `strings @rsp` printed .env) — wherever the
  // model reads one, inside a word too: `-Wl,@r` in r2 makes ld read r (`gcc m.c @r2` with `-o
  // .claude/settings.json` in r overwrote the settings in bypassPermissions, red team 20 NEW-R3).
  // (A file of lines has its places read above.)
  const nestedPlaces = lines ? [] : placesOf(name, spliced, all(spliced)).filter((p) => inside(p.index));
  for (const w of lines ? [] : words)
    if (w.startsWith('@') && !nestedPlaces.some((p) => p.file === w.slice(1)) && spliced.indexOf(w, from) >= 0)
      nestedPlaces.push(wholeWordPlace(spliced, spliced.indexOf(w, from)));
  for (const p of nestedPlaces) {
    const nested = normalizePath(p.file, opts);
    push({ op: 'read', path: nested, raw: p.file, literal: true, command, glob: false });
    expand(nested, base, command, name, effects, world, out, depth + 1, spliced, p);
  }
  // Options among the words that make the program run code (gcc's `-B DIR`, `-wrapper PROG`):
  // what its model reads as run from the command line with them, and not without.
  const runs = (a: readonly string[]) =>
    model?.unwrap?.(
      a,
      a.map(() => true),
    )?.inner ?? [];
  const added = runs(spliced).slice(runs(argv).length);
  const first = added[0];
  if (first !== undefined)
    out.opaque.push({
      command,
      reason: `${name} reads more options from ${file}, which make it run code toolgate cannot read${'reason' in first ? `: ${first.reason}` : ''}`,
    });
  const named = model?.files?.(name, spliced);
  // Writes of names the model cannot work out that the words add, as on the command line
  // (`-wrapper sh,-c,…` in a gcc response file: a command line that may write any name, decision
  // 0092; it ran under Bash(*) as consented opaque code, replay 17b NEW-5).
  const unseenBefore = new Set((model?.files?.(name, argv)?.unseen ?? []).map((u) => u.why));
  for (const u of named?.unseen ?? [])
    if (!unseenBefore.has(u.why))
      out.effects.push({
        op: u.op,
        path: base,
        raw: `${u.why} (read from ${file})`,
        literal: true,
        command,
        glob: false,
        tree: 'some',
        names: { kind: 'unseen', what: 'program' },
      });
  if (named !== undefined && named.modelled !== 'partly') {
    // What the words name, and what the command does that it did not without them (`ar @args`
    // holding `x lib.a` extracts into the working directory).
    const before = new Set(effects.filter((e) => e.command === command).map((e) => `${e.op} ${e.path}`));
    for (const f of named.files) {
      const raw = f.value ?? spliced[f.index]!;
      if (raw === '') continue;
      if (!inside(f.index) && before.has(`${f.op} ${normalizePath(raw, opts)}`)) continue;
      push({
        op: f.op,
        path: normalizePath(raw, opts),
        raw,
        literal: true,
        command,
        glob: false,
        ...(f.tree !== undefined ? { tree: f.tree } : {}),
        // Names toolgate cannot see (an archive's members): any name, a protected one included.
        // (Which commits git takes is left unsaid: the words came from a response file.)
        ...(f.names?.kind === 'unseen' ? { names: { kind: 'unseen', what: f.names.what } } : {}),
      });
    }
    for (const u of named.unresolved) if (!out.unresolved.includes(u)) out.unresolved.push(u);
    return;
  }
  // A program toolgate cannot read this way: every word that is no option is a name it reads, an
  // option's value too (`-n 8` reads ./8) — more reads, never fewer; and, for a program whose
  // words may name what it writes (`-o FILE` in a compiler's response file), a name it writes, as
  // its command line's unread words are.
  let options = true;
  const pushed = new Set<string>();
  for (const w of words) {
    if (w === '--') options = false;
    if (w === '' || (!lines && w.startsWith('@')) || (options && w.startsWith('-') && w !== '-')) continue;
    pushed.add(w);
    push({ op: 'read', path: normalizePath(w, opts), raw: w, literal: true, command, glob: false });
    if (model?.responseUnseen !== undefined)
      push({ op: 'write', path: normalizePath(w, opts), raw: w, literal: true, command, glob: false });
  }
  // And what the words name read as the command line's words are: by the model where it reads
  // them (an item of gcc's `-Wl,-o,FILE`, rustc's `-C link-arg=-oFILE`), else as words of a
  // program toolgate does not model — an option's value too (`-al=FILE` handed to as, `-Map=FILE`
  // to ld, `-oFILE`: red team 19 replay NEW-1).
  for (const f of fileOperands(name, spliced).files) {
    const raw = f.value ?? spliced[f.index]!;
    if (!inside(f.index) || raw === '' || raw === '-' || pushed.has(raw)) continue;
    const extra = { ...(f.assumed !== undefined ? { assumed: f.assumed } : {}), ...(f.tree !== undefined ? { tree: f.tree } : {}) };
    const path = normalizePath(raw, opts);
    if (f.op === 'read' || f.assumed !== undefined) push({ op: 'read', path, raw, literal: true, command, glob: false, ...extra });
    if (f.op !== 'read' && model?.responseUnseen !== undefined)
      push({ op: f.op, path, raw, literal: true, command, glob: false, ...extra });
  }
  // The response files of the program it hands words (rustc's `-C link-arg=@FILE` in its own).
  for (const r of readings(name, spliced, all(spliced)))
    if (r.name !== name && inside(r.word)) {
      const nested = normalizePath(r.place.file, opts);
      push({ op: 'read', path: nested, raw: r.place.file, literal: true, command, glob: false });
      expand(nested, base, command, r.name, effects, world, out, depth + 1, r.argv, r.place);
    }
}

/** Every word literal (a response file's words are text). */
const all = (argv: readonly string[]): boolean[] => argv.map(() => true);

/**
 * The words of a response file as libiberty's `buildargv` splits them: blanks separate words;
 * single and double quotes group (a quote of the other kind inside is plain); a backslash takes
 * the next character as it is, inside quotes too.
 */
export function responseWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let single = false;
  let double = false;
  let escaped = false;
  for (const c of text) {
    if (escaped) {
      word += c;
      escaped = false;
    } else if (!single && !double && /\s/.test(c)) {
      if (started) words.push(word);
      word = '';
      started = false;
      continue;
    } else if (c === '\\') escaped = true;
    else if (single) {
      if (c === "'") single = false;
      else word += c;
    } else if (double) {
      if (c === '"') double = false;
      else word += c;
    } else if (c === "'") single = true;
    else if (c === '"') double = true;
    else word += c;
    started = true;
  }
  if (started) words.push(word);
  return words;
}
