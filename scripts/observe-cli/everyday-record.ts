/**
 * Records the Claude Code CLI's observed decisions on the everyday corpus: reads the raw output
 * of `observe-calls.ts` (run on `everyday-corpus.ts --specs`) and writes
 * `test/cases/everyday/observed.jsonl`, one line per case: the decision, what the CLI offered to
 * remember (the `permission_suggestions` its PermissionRequest hook was given; `[]` when it
 * offered nothing), and the start of the tool result it sent back, as evidence.
 *
 * How the decision is read: a call that ran is `allow` (a failing command reports "Exit code N");
 * a call whose PermissionRequest hook ran is `ask` (in `-p` mode nobody answers it, so it is
 * refused after the hook); a call refused without the hook is `deny` when the text says so.
 * Anything else is `error`, for a person to read. These lines are never re-observed in CI.
 *
 * Usage: npx tsx scripts/observe-cli/everyday-record.ts raw.jsonl [CLI version] [date]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [raw, version = '2.1.332', date = new Date().toISOString().slice(0, 10)] = process.argv.slice(2);
if (raw === undefined) throw new Error('usage: everyday-record.ts raw.jsonl [version] [date]');

interface Raw {
  id: string;
  result: string;
  isError?: boolean;
  text: string;
  permissionRequest?: { permission_suggestions?: unknown[] } | null;
}

const lines: string[] = [];
const counts: Record<string, number> = {};
for (const line of readFileSync(raw, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const o = JSON.parse(line) as Raw;
  let result: string;
  if (o.result === 'error') result = 'error';
  else if (o.isError === false || /^Exit code \d+/.test(o.text)) result = 'allow';
  else if (o.permissionRequest) result = 'ask';
  else if (/denied|has been blocked|blocked by a deny rule/i.test(o.text)) result = 'deny';
  else result = 'error';
  counts[result] = (counts[result] ?? 0) + 1;
  const remember = result === 'ask' ? (o.permissionRequest?.permission_suggestions ?? []) : undefined;
  lines.push(
    JSON.stringify({
      id: o.id,
      result,
      ...(remember !== undefined ? { remember } : {}),
      cli: version,
      observed: date,
      text: o.text.slice(0, 160),
    }),
  );
}
// One line per case, in id order, so that observing again shows as a small diff.
lines.sort((a, b) => (JSON.parse(a) as { id: string }).id.localeCompare((JSON.parse(b) as { id: string }).id));
writeFileSync(join(import.meta.dirname, '../../test/cases/everyday/observed.jsonl'), `${lines.join('\n')}\n`);
console.log(JSON.stringify(counts));
