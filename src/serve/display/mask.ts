import { analyzeShell, type ShellAnalysis } from '../../shell/index.js';
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

/** Every secret of a listed shape in `text`, in order, none overlapping (the earlier, then the longer, wins). */
function findSecrets(text: string): Found[] {
  const all: Found[] = [];
  for (const s of SECRET_SHAPES) {
    for (const m of text.matchAll(s.pattern)) {
      const start = m.index + (m.groups?.['keep']?.length ?? 0);
      const end = m.index + m[0].length;
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

/** More secrets than this in one command are masked all together or not at all. */
const MAX_TRIED_ONE_BY_ONE = 16;

/**
 * A shell command with the secrets of the listed shapes masked, but only where masking leaves the
 * command as toolgate's shell analysis reads it (see `structure`): a secret that is a command
 * word, a redirection target, or spans words or lines outside quotes is shown as written. A
 * command the analysis cannot read in full (a parse error, the length limit, the parser not
 * loaded) is shown with nothing masked. What is masked is always data, never what runs.
 * @public
 */
export function maskCommand(command: string): MaskedText {
  const found = findSecrets(command);
  if (found.length === 0) return asIs(command);
  const read = (text: string) => analyzeShell(text, { shell: 'bash' });
  const before = read(command);
  if (before.parser === 'none' || before.unseen.length > 0) return asIs(command);
  const want = structure(before);
  const holds = (m: MaskedText) => structure(read(m.text)) === want;
  const all = build(command, found);
  if (holds(all)) return all;
  if (found.length > MAX_TRIED_ONE_BY_ONE) return asIs(command);
  const kept = found.filter((f) => holds(build(command, [f])));
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
 * bash analysis can prove is data); every other string through {@link maskText}.
 * @public
 */
export function maskField(tool: string, path: readonly (string | number)[], text: string): MaskedText {
  const isCommand = path.length === 1 && path[0] === 'command';
  if (isCommand && tool === 'Bash') return maskCommand(text);
  if (isCommand && tool === 'PowerShell') return asIs(text);
  return maskText(text);
}

/** A tool input with the secrets of the listed shapes masked (see {@link maskField}). @public */
export function maskInput(tool: string, input: unknown): MaskedInput {
  const masks: InputMask[] = [];
  const walk = (v: unknown, path: (string | number)[]): unknown => {
    if (typeof v === 'string') {
      const m = maskField(tool, path, v);
      for (const p of m.parts) if (p.kind === 'masked') masks.push({ path: pointer(path), shape: p.shape, label: p.label });
      return m.text;
    }
    if (path.length >= MAX_DEPTH || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, i]));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x, [...path, k]);
    return out;
  };
  return { input: walk(input, []), masks };
}
