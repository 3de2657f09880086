/**
 * The everyday corpus's figures and every disagreement, for a person to read: replays
 * test/cases/everyday/ through toolgate (as the unit test test/conformance/everyday.test.ts does)
 * and prints behaviour agreement over the cases not on the deliberate list, remember agreement,
 * and one line per case where toolgate's answer or what it offers to remember differs.
 * Usage: npx tsx scripts/observe-cli/everyday-agreement.ts
 */
import { prepare } from '../../src/evaluate/index.js';
import { deliberateFor, loadEveryday, offersToRemember, replayer } from '../../test/conformance/everyday/replay.js';

await prepare();
const { cases, observed, deliberate, trees } = loadEveryday();
const r = replayer(trees);
let agree = 0;
let counted = 0;
let rememberAgree = 0;
let rememberAsked = 0;
let onList = 0;
const behaviour: string[] = [];
const remember: string[] = [];
try {
  for (const c of cases) {
    const o = observed.get(c.id);
    if (!o) continue;
    const d = await r.decide(c);
    const what = `${c.id} ${JSON.stringify(c.case.call.input.command)}: cli=${o.result} toolgate=${d.behavior}${d.askKind ? `/${d.askKind}` : ''}`;
    if (o.result === 'ask' && d.behavior === 'ask' && offersToRemember(o.remember)) {
      rememberAsked += 1;
      if (d.askKind !== 'firm' && offersToRemember(d.suggestions)) rememberAgree += 1;
      else remember.push(`${what} offers ${JSON.stringify(d.suggestions ?? [])} — ${d.reason.message}`);
    }
    if (deliberateFor(c, deliberate)) {
      onList += 1;
      continue;
    }
    counted += 1;
    if (d.behavior === o.result) agree += 1;
    else behaviour.push(`${what} — ${d.reason.message}`);
  }
} finally {
  r.close();
}
const pct = (a: number, b: number) => `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`;
console.log(`${cases.length} cases, ${onList} on the deliberate list (${deliberate.length} entries)`);
console.log(`behaviour agreement ${pct(agree, counted)}; remember agreement ${pct(rememberAgree, rememberAsked)}`);
console.log(`\nbehaviour disagreements:\n${behaviour.join('\n')}\n\nremember disagreements:\n${remember.join('\n')}`);
