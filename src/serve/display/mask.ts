import { analyzeShell, type ShellAnalysis } from '../../shell/index.js';
import { passesOnData } from '../../shell/programs/index.js';
import { UNMODELLED_DATA_PROGRAMS } from '../../shell/programs/unmodelled-programs.js';
import { SECRET_SHAPES } from './shapes.js';

/** What a masked secret is shown as, after its kept prefix: characters no shell gives a meaning to. @public */
export const MASK = '••••••••';

/** A piece of shown text: as written, or a masked secret. @public */
export type MaskedPart = { kind: 'text'; text: string } | { kind: 'masked'; text: string; shape: string; label: string; length: number };

/** A text as the approval page shows it: `text` is the parts joined. @public */
export interface MaskedText {
  text: string;
  parts: MaskedPart[];
}

interface Found {
  start: number;
  end: number;
  shape: string;
  label: string;
}

/**
 * Where a PEM block (its `BEGIN` line at `start`, its `END` line ending at `end`) may have its
 * body masked. A body's lines are lines of text: in a script, a Makefile or a heredoc a shell or an
 * interpreter reads, each may be a command (`shutdown`, a 64-character path), and no check of
 * the base64 can tell a key from a crafted one. So a body is masked only where the block stands
 * alone as data (red team H7).
 */
type PemPlace = (text: string, start: number, end: number) => boolean;

/** Any PEM-form block (RFC 7468, any label), as the "alone" checks strip them. */
const PEM_FORM = /-----BEGIN ([A-Z0-9 ]+)-----\n(?:[A-Za-z0-9+/=]*\n)*?-----END \1-----/g;

/** In a string of an input other than a command: the string holds PEM blocks and whitespace only (a key file's content). */
const pemAloneInText: PemPlace = (text) => text.replace(PEM_FORM, '').trim() === '';

/**
 * Where an `Authorization` header (starting at `start`, its credential ending at `end`) may have
 * its credential masked. The shape's credential is free-form: written bare
 * (`--header Authorization: Bearer --post-file=~/.ssh/id_rsa`) the "credential" is the next
 * argument, any option or path (red team rt10s F1).
 */
type HeaderPlace = (text: string, start: number, end: number) => boolean;

/**
 * In a string of an input other than a command (a file's content, a reason, an MCP argument):
 * the header and its credential are the whole of one quoted string (`'Authorization: Bearer …'`,
 * `"…"`), as a header is written when it is one argument. The content's own quoting is all there
 * is to go on (a script, a `package.json` script, a Makefile may run it); a bare header's
 * credential is shown as written.
 */
const quotedAlone: HeaderPlace = (text, start, end) => {
  const open = text[start - 1];
  return (open === "'" || open === '"') && text[end] === open;
};

const HEADER_SHAPE = 'authorization-header';

/** Every secret of a listed shape in `text`, in order, none overlapping (the earlier, then the longer, wins). */
function findSecrets(text: string, pemPlace: PemPlace = pemAloneInText, headerPlace: HeaderPlace = quotedAlone): Found[] {
  const all: Found[] = [];
  for (const s of SECRET_SHAPES) {
    for (const m of text.matchAll(s.pattern)) {
      const start = m.index + (m.groups?.['keep']?.length ?? 0);
      const end = m.index + m[0].length;
      const label = m.groups?.['label'];
      if (label !== undefined && !pemPlace(text, m.index, end + `\n-----END ${label}-----`.length)) continue;
      if (s.id === HEADER_SHAPE && !headerPlace(text, m.index, end)) continue;
      if (end > start) all.push({ start, end, shape: s.id, label: s.label });
    }
  }
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Found[] = [];
  for (const f of all) if (out.length === 0 || f.start >= out[out.length - 1]!.end) out.push(f);
  return out;
}

function build(text: string, found: readonly Found[]): MaskedText {
  const parts: MaskedPart[] = [];
  let last = 0;
  for (const f of found) {
    if (f.start > last) parts.push({ kind: 'text', text: text.slice(last, f.start) });
    parts.push({ kind: 'masked', text: MASK, shape: f.shape, label: f.label, length: f.end - f.start });
    last = f.end;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return { text: parts.map((p) => p.text).join(''), parts };
}

const basename = (word: string): string => word.slice(word.lastIndexOf('/') + 1);

const asIs = (text: string): MaskedText => ({ text, parts: text === '' ? [] : [{ kind: 'text', text }] });

/** Secrets of the listed shapes masked (see `SECRET_SHAPES`), everything else as written. @public */
export function maskText(text: string): MaskedText {
  const found = findSecrets(text);
  return found.length === 0 ? asIs(text) : build(text, found);
}

/**
 * What must stay the same when a command's secrets are masked: every simple command (where it
 * stands, its program word, how many words, which are literal, its assignments' names), every
 * redirection (operator, kind, target), substitutions, and how many reasons the analysis gives.
 * A masked argument's text may differ; nothing else may.
 */
function structure(a: ShellAnalysis): string {
  return JSON.stringify([
    a.parser,
    a.hasSubstitution,
    a.unknown.length,
    a.unseen.length,
    a.stateChanges.length,
    a.commands.map((c) => [
      c.context,
      c.parent,
      c.argv.length,
      c.argv[0],
      c.literal,
      c.assignments.map((x) => x.split('=')[0]),
      c.redirects.map((r) => [r.op, r.kind, r.target, r.targetLiteral]),
      c.transparentWrapper,
      c.exactOnly,
      c.argumentsFrom,
      c.unknown !== undefined,
      c.opaque !== undefined,
      c.inSubshell,
      c.embeddedShell?.length ?? 0,
    ]),
    a.redirects.map((r) => [r.op, r.kind, r.target, r.targetLiteral, r.command]),
  ]);
}

/**
 * Programs that only pass data on: a PEM body is masked in a command only when every command of
 * it is one of these (an allowlist: `bash -c`, `python3 -`, `ssh`, `eval`, `sh run.sh` after a
 * heredoc wrote it, would run the body's lines). The program models say which they are
 * (`passesOnData`); `UNMODELLED_DATA_PROGRAMS` those that have no model yet.
 */
const passesDataOn = (name: string): boolean => passesOnData(name) || UNMODELLED_DATA_PROGRAMS.includes(name);

/**
 * In a command: the block is the whole of a quoted word (`'…'`, `"…"`) or the whole body of a
 * heredoc (its operator ends the line before, its delimiter is the line after).
 */
const pemAloneInCommand: PemPlace = (text, start, end) => {
  const before = text.slice(0, start);
  const after = text.slice(end);
  if ((before.endsWith("'") && after.startsWith("'")) || (before.endsWith('"') && after.startsWith('"'))) return true;
  const heredoc = /<<-?[ \t]*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1[^\n]*\n$/.exec(before);
  return heredoc !== null && new RegExp(`^\\n${heredoc[2]}(?:\\n|$)`).test(after);
};

/** More secrets than this in one command are shown as written (each is checked on its own). */
const MAX_TRIED_ONE_BY_ONE = 16;

/** A URL (`https://…`, `git+ssh://…`): what a program fetches, not a file it reads or runs. */
const URL_WORD = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
/** `NAME=` before a value (`export URL=https://…`, `make TOKEN=…`). */
const NAME_IS = /^[A-Za-z_][A-Za-z0-9_]*=/;
/**
 * The word's run of non-space characters around the mask holds no `/`, or is a URL: a commit
 * message (`rotate https://u:••••@host/x`) is one word of several runs.
 */
const pathFree = (w: string): boolean =>
  w.split(/\s+/).every((run) => !run.includes(MASK) || !run.includes('/') || URL_WORD.test(run.replace(NAME_IS, '')));
/** A word that ends with a whole header and its masked credential (`Authorization: Bearer ••••••••`). */
const HEADER_WORD = new RegExp(`(?:^|[=\\s])(?:[Aa]uthorization|AUTHORIZATION|[Pp]roxy-[Aa]uthorization): ?[A-Za-z]+ ${MASK}['"]?$`);

/**
 * Whether one found secret of a command may be masked, read from the analysis of the command with
 * only that secret masked. What is masked is always data, never what runs or what a program
 * reads (red team rt10s F1):
 * - the word holding it is an argument or an assignment, never the program word;
 * - that word does not begin with `-` (an option: `-T/path`, `--post-file=…`, `--token=…` — the
 *   option's name and value are shown together) and holds no `/` unless it is a URL (`./ghp_…` is
 *   the script `.` or `bash` runs);
 * - an `Authorization` header's credential is masked only when the header and the credential are
 *   one word (quoted: `-H 'Authorization: Bearer …'`); written bare, the "credential" is the next
 *   argument, whatever option or path it is;
 * - a secret in no word (a heredoc's body, a comment) is data only when it is not a header.
 */
function maskable(command: string, f: Found): boolean {
  const after = analyzeShell(build(command, [f]).text, { shell: 'bash' });
  // An assignment's raw text (`NAME='…'`) is read as its value, unquoted at the start.
  const holding = after.commands.flatMap((c) =>
    [
      ...c.argv.map((w, i) => ({ w, program: i === 0 })),
      ...c.assignments.map((w) => ({ w: w.slice(w.indexOf('=') + 1).replace(/^['"]/, ''), program: false })),
    ].filter((x) => x.w.includes(MASK)),
  );
  if (holding.length === 0) return f.shape !== HEADER_SHAPE;
  // A PEM body has its own, stricter place (`pemAloneInCommand`): the whole of a quoted word or a
  // heredoc's body, every command only passing data on; its word begins `-----BEGIN`.
  if (f.shape === 'pem-private-key') return holding.every(({ program }) => !program);
  return holding.every(
    ({ w, program }) => !program && !w.startsWith('-') && pathFree(w) && (f.shape !== HEADER_SHAPE || HEADER_WORD.test(w)),
  );
}

/**
 * A shell command with the secrets of the listed shapes masked, but only where masking leaves the
 * command as toolgate's shell analysis reads it (see `structure`): a secret that is a command
 * word, a redirection target, or spans words or lines outside quotes is shown as written. A
 * command the analysis cannot read in full (a parse error, the length limit, the parser not
 * loaded) is shown with nothing masked. A PEM key's body is masked only when it is the whole of a
 * quoted word or a heredoc's body and every command only passes data on (`cat`, `printf`, …).
 * What is masked is always data, never what runs.
 * @public
 */
export function maskCommand(command: string): MaskedText {
  if (
    findSecrets(
      command,
      () => true,
      () => true,
    ).length === 0
  )
    return asIs(command);
  const read = (text: string) => analyzeShell(text, { shell: 'bash' });
  const before = read(command);
  if (before.parser === 'none' || before.unseen.length > 0) return asIs(command);
  // Code toolgate cannot see (`… | sh`, `python3 -c …`) may run any word it is given: nothing
  // is masked, so nothing that runs is hidden.
  if (before.commands.some((c) => c.opaque !== undefined)) return asIs(command);
  const dataOnly = before.commands.every((c) => c.embeddedShell === undefined && passesDataOn(basename(c.argv[0] ?? '')));
  const found = findSecrets(command, dataOnly ? pemAloneInCommand : () => false, () => true);
  if (found.length === 0 || found.length > MAX_TRIED_ONE_BY_ONE) return asIs(command);
  const want = structure(before);
  const holds = (m: MaskedText) => structure(read(m.text)) === want;
  const kept = found.filter((f) => maskable(command, f) && holds(build(command, [f])));
  if (kept.length === 0) return asIs(command);
  const some = build(command, kept);
  return holds(some) ? some : asIs(command);
}

/** Where a secret was masked in an input: a JSON pointer and the shape. @public */
export interface InputMask {
  path: string;
  shape: string;
  label: string;
}

/** A tool input as the approval page, `GET /v1/asks/:id` and `toolgate asks show` show it. @public */
export interface MaskedInput {
  /** A copy of the input with the secrets of the listed shapes masked; everything else whole. */
  input: unknown;
  masks: InputMask[];
}

const pointer = (path: readonly (string | number)[]) => path.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** Deeper than this the input is shown as it is (JSON nested this deep is refused earlier). */
const MAX_DEPTH = 256;

/**
 * The masked text of one string of an input: a `Bash` call's `command` through
 * {@link maskCommand}; a `PowerShell` call's `command` as written (toolgate masks only what its
 * bash analysis can prove is data); every other string through {@link maskText} — in the input
 * of a call naming a file (`filePath`, its `file_path`), a PEM body only when the file is named as
 * a key (`*.pem`, `*.key`, `id_*`).
 * @public
 */
export function maskField(tool: string, path: readonly (string | number)[], text: string, filePath?: string): MaskedText {
  const isCommand = path.length === 1 && path[0] === 'command';
  if (isCommand && tool === 'Bash') return maskCommand(text);
  if (isCommand && tool === 'PowerShell') return asIs(text);
  // A file's content hides a key's body only when the file is named as a key: in a script, a
  // Makefile or any file something runs, the body's lines may be commands.
  if (filePath !== undefined && !KEY_FILE.test(basename(filePath))) {
    const found = findSecrets(text, () => false);
    return found.length === 0 ? asIs(text) : build(text, found);
  }
  return maskText(text);
}

/** File names that hold keys (`*.pem`, `*.key`, `id_ed25519`): no program runs them. */
const KEY_FILE = /\.(?:pem|key|p8|pk8)$|^id_[a-z0-9]+$/i;

/** A tool input with the secrets of the listed shapes masked (see {@link maskField}). @public */
export function maskInput(tool: string, input: unknown): MaskedInput {
  const masks: InputMask[] = [];
  const named =
    input !== null && typeof input === 'object'
      ? ((input as Record<string, unknown>)['file_path'] ?? (input as Record<string, unknown>)['notebook_path'])
      : undefined;
  const filePath = typeof named === 'string' ? named : undefined;
  const walk = (v: unknown, path: (string | number)[]): unknown => {
    if (typeof v === 'string') {
      const m = maskField(tool, path, v, filePath);
      for (const p of m.parts) if (p.kind === 'masked') masks.push({ path: pointer(path), shape: p.shape, label: p.label });
      return m.text;
    }
    if (path.length >= MAX_DEPTH || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, i]));
    // Defined, not assigned: a field named `__proto__` stays a field the person sees.
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, [...path, k])]));
  };
  return { input: walk(input, []), masks };
}
