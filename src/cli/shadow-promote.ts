import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { formatPolicyDiff } from '../diff/index.js';
import { nodeFileSystem } from '../node/index.js';
import {
  mergePolicy,
  parseSettingsFile,
  parseSettingsObject,
  readSettingsFile,
  TOOLGATE_BLOCK_KEY,
  updateSettingsFile,
  type ParsedSettingsFile,
  type SettingsChange,
} from '../settings/index.js';
import { diffOf, projectLayers } from './diff.js';
import { UsageError } from './load.js';

interface PromoteFlags {
  project?: string;
  shadow?: string;
  home?: string;
  yes?: boolean;
}

/** One file the promotion writes: the file, its settings as they are, as they would be, and how to write it. */
interface Plan {
  file: string;
  before: ParsedSettingsFile;
  after: ParsedSettingsFile;
  describe: string;
  write(): Promise<string | undefined>;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The changes that move a file's `$toolgate.shadow` into its `permissions`: its rules appended to
 * the lists (those already there are kept once), its mode as `defaultMode`, the block's `shadow`
 * key removed.
 */
function promotion(json: Record<string, unknown>): SettingsChange[] {
  const block = json[TOOLGATE_BLOCK_KEY];
  const shadow = isObject(block) ? block['shadow'] : undefined;
  if (!isObject(shadow)) return [];
  const changes: SettingsChange[] = [];
  for (const list of ['allow', 'ask', 'deny'] as const) {
    const v = shadow[list];
    if (Array.isArray(v)) {
      const values = v.filter((x): x is string => typeof x === 'string' && x !== '');
      if (values.length > 0) changes.push({ op: 'add', path: ['permissions', list], values });
    }
  }
  if (typeof shadow['mode'] === 'string') changes.push({ op: 'set', path: ['permissions', 'defaultMode'], value: shadow['mode'] });
  changes.push({ op: 'set', path: [TOOLGATE_BLOCK_KEY, 'shadow'], value: undefined });
  return changes;
}

/** `json` with the changes applied, in memory (what the diff decides with). */
function applied(json: Record<string, unknown>, changes: readonly SettingsChange[]): Record<string, unknown> {
  const out = structuredClone(json);
  for (const c of changes) {
    let at: Record<string, unknown> = out;
    for (const key of c.path.slice(0, -1)) {
      if (!isObject(at[key])) at[key] = {};
      at = at[key] as Record<string, unknown>;
    }
    const last = c.path.at(-1)!;
    if (c.op === 'set') {
      if (c.value === undefined) delete at[last];
      else at[last] = c.value;
    } else if (c.op === 'add') {
      const list = Array.isArray(at[last]) ? (at[last] as unknown[]) : [];
      for (const v of c.values) if (!list.includes(v)) list.push(v);
      at[last] = list;
    }
  }
  return out;
}

async function plans(flags: PromoteFlags, projectDir: string, home: string): Promise<{ before: ParsedSettingsFile[]; plans: Plan[] }> {
  const fs = nodeFileSystem();
  // The layers a project's owner can change: user, project, local (managed settings are not promoted).
  const wanted = projectLayers(projectDir, home).filter((w) => w.kind !== 'managed');
  const before: ParsedSettingsFile[] = [];
  const out: Plan[] = [];
  for (const w of wanted) {
    const parsed = await readSettingsFile(fs, { kind: w.kind, file: w.file });
    if (parsed !== undefined) before.push(parsed);
  }
  if (flags.shadow !== undefined) {
    const file = resolve(flags.shadow);
    if (!existsSync(file)) throw new UsageError(`--shadow: settings file not found: ${file}`);
    const text = readFileSync(file, 'utf8');
    const target = wanted.find((w) => w.kind === 'projectSettings')!.file;
    const after = parseSettingsFile(text, { kind: 'projectSettings', file: target });
    const errors = after.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) throw new UsageError(`--shadow ${file}: ${errors[0]!.message}`);
    const current =
      before.find((p) => p.settings.source.file === target) ?? parseSettingsObject({}, { kind: 'projectSettings', file: target });
    out.push({
      file: target,
      before: current,
      after,
      describe: `${target}: replaced by ${file}`,
      write: async () => {
        try {
          await fs.writeFileAtomic(target, text);
          return undefined;
        } catch (e) {
          return `${target} was not written: ${(e as Error).message}`;
        }
      },
    });
    return { before, plans: out };
  }
  for (const p of before) {
    const changes = promotion(p.settings.json);
    if (changes.length === 0) continue;
    const file = p.settings.source.file!;
    const after = parseSettingsObject(applied(p.settings.json, changes), p.settings.source);
    const moved = changes.flatMap((c) =>
      c.op === 'add'
        ? c.values.map((v) => `${c.path.at(-1)} ${v}`)
        : c.op === 'set' && c.value !== undefined
          ? [`defaultMode ${String(c.value)}`]
          : [],
    );
    out.push({
      file,
      before: p,
      after,
      describe: `${file}: $toolgate.shadow moved into permissions (${moved.join(', ') || 'no rules'})`,
      write: async () => {
        const r = await updateSettingsFile(fs, file, changes);
        return r.ok ? undefined : r.message;
      },
    });
  }
  return { before, plans: out };
}

async function confirmed(flags: PromoteFlags): Promise<boolean> {
  if (flags.yes === true) return true;
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question('Write these changes? [y/N] ')).trim());
  } finally {
    rl.close();
  }
}

/**
 * `toolgate audit shadow --promote`: show `toolgate diff` of the live policy against the policy
 * the promotion would make, then write only when confirmed (`--yes`, or "y" at a terminal).
 * Exit 0 when written or when nothing was asked to be written, 1 when there is nothing to promote
 * or a write failed.
 */
export async function promoteShadow(flags: PromoteFlags): Promise<number> {
  const home = resolve(flags.home ?? homedir());
  const projectDir = resolve(flags.project ?? process.cwd());
  const { before, plans: todo } = await plans(flags, projectDir, home);
  if (todo.length === 0) {
    process.stdout.write(`Nothing to promote: no settings file of ${projectDir} (user, project, local) has a $toolgate.shadow block.\n`);
    return 1;
  }
  const after = before.filter((p) => !todo.some((t) => t.file === p.settings.source.file)).concat(todo.map((t) => t.after));
  const diff = await diffOf(mergePolicy(before), mergePolicy(after), { projectDir, home });
  process.stdout.write(
    `toolgate diff of the live policy against the shadow:\n\n${formatPolicyDiff(diff)}\n\nThe promotion would write:\n${todo.map((t) => `  ${t.describe}`).join('\n')}\n`,
  );
  if (!(await confirmed(flags))) {
    process.stdout.write('Nothing written: run again with --yes to write these changes.\n');
    return 0;
  }
  let failed = false;
  for (const t of todo) {
    const problem = await t.write();
    if (problem !== undefined) {
      failed = true;
      process.stderr.write(`toolgate: ${problem}\n`);
    } else process.stdout.write(`wrote ${t.file}\n`);
  }
  return failed ? 1 : 0;
}
