/**
 * Everyday work under ordinary policies, decided as the real Claude Code CLI decides it: each case
 * of test/cases/everyday/corpus.jsonl (an everyday command × a policy with deny rules × a mode, on
 * its file tree) is replayed through toolgate as `toolgate check --json --settings --mode --cwd
 * --home` decides it, and compared with the CLI's recorded decision (observed.jsonl, observed
 * offline in a sandbox by scripts/observe-cli/, never here). Two figures:
 * - behaviour agreement over the cases not on the list of deliberate answers (deliberate.json);
 * - remember agreement: where both ask and the CLI offers something to remember, toolgate's ask
 *   is not firm and offers something too.
 * No deny where the CLI allows or asks, unless the case is on the deliberate list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/types.js';
import { prepare } from '../../src/evaluate/index.js';
import { deliberateFor, loadEveryday, offersToRemember, replayer, type EverydayCase, type Replayer } from './everyday/replay.js';

/** The agreement the corpus must keep (its goal is 95%). */
const AGREEMENT_FLOOR = 0.95;
/** The remember agreement it must keep (measured 95.2% with CLI 2.1.332; the rest: test/cases/everyday/README.md). */
const REMEMBER_FLOOR = 0.93;

const { cases: corpus, observed, deliberate, trees } = loadEveryday();
/** The cases the CLI was observed on (a variant not yet observed is left out, and counted). */
const cases = corpus.filter((c) => observed.has(c.id));
const decided = new Map<string, Decision>();
let replay: Replayer;

beforeAll(async () => {
  await prepare();
  replay = replayer(trees);
  for (const c of cases) if (observed.has(c.id)) decided.set(c.id, await replay.decide(c));
}, 300_000);

afterAll(() => replay?.close());

const line = (c: EverydayCase, d: Decision) =>
  `${c.id} [${c.policy}/${c.case.mode}] ${c.case.call.input.command}: cli=${observed.get(c.id)?.result} toolgate=${d.behavior}${d.askKind ? `/${d.askKind}` : ''} — ${d.reason.message}`;

describe('everyday corpus against the Claude Code CLI', () => {
  it('is large enough: 150 commands or more, each observed under four policies with deny rules', () => {
    const policiesOf = new Map<string, Set<string>>();
    for (const c of cases)
      if (c.policy !== 'none')
        policiesOf.set(c.case.call.input.command, (policiesOf.get(c.case.call.input.command) ?? new Set()).add(c.policy));
    expect([...policiesOf.values()].filter((p) => p.size >= 4).length).toBeGreaterThanOrEqual(150);
    expect([...observed.keys()].filter((id) => !corpus.some((c) => c.id === id))).toEqual([]);
    expect([...observed.values()].filter((o) => o.result === 'error').map((o) => o.id)).toEqual([]);
  });

  it('every deliberate answer names cases and is the answer toolgate gives', () => {
    for (const d of deliberate) {
      const hit = corpus.filter((c) => deliberateFor(c, [d]) === d);
      expect(hit.length, `${JSON.stringify(d)} names no case`).toBeGreaterThan(0);
      for (const c of hit) {
        const got = decided.get(c.id);
        if (got === undefined) continue;
        expect(`${c.id}: ${got.behavior}${d.askKind ? `/${got.askKind}` : ''}`).toBe(
          `${c.id}: ${d.answer}${d.askKind ? `/${d.askKind}` : ''}`,
        );
      }
    }
  });

  it('denies nothing the CLI allows or asks, outside the deliberate list', () => {
    const bad = cases.flatMap((c) => {
      const d = decided.get(c.id);
      const cli = observed.get(c.id)?.result;
      return d?.behavior === 'deny' && cli !== 'deny' && deliberateFor(c, deliberate) === undefined ? [line(c, d)] : [];
    });
    expect(bad).toEqual([]);
  });

  it(`agrees on at least ${AGREEMENT_FLOOR * 100}% of the cases not on the deliberate list, and remembers as the CLI does`, () => {
    let agree = 0;
    let counted = 0;
    let rememberAsked = 0;
    let rememberAgree = 0;
    const rows: string[] = [];
    for (const c of cases) {
      const d = decided.get(c.id);
      const o = observed.get(c.id);
      if (d === undefined || o === undefined) continue;
      if (o.result === 'ask' && d.behavior === 'ask' && offersToRemember(o.remember)) {
        rememberAsked += 1;
        if (d.askKind !== 'firm' && offersToRemember(d.suggestions)) rememberAgree += 1;
      }
      if (deliberateFor(c, deliberate) !== undefined) continue;
      counted += 1;
      if (d.behavior === o.result) agree += 1;
      else rows.push(line(c, d));
    }
    const agreement = agree / counted;
    const remember = rememberAgree / rememberAsked;
    console.log(
      `everyday corpus: ${cases.length} cases observed (${corpus.length - cases.length} not yet), ${deliberate.length} deliberate answers; behaviour agreement ${agree}/${counted} (${(100 * agreement).toFixed(1)}%), remember agreement ${rememberAgree}/${rememberAsked} (${(100 * remember).toFixed(1)}%)\n${rows.join('\n')}`,
    );
    expect(agreement, rows.join('\n')).toBeGreaterThanOrEqual(AGREEMENT_FLOOR);
    expect(remember).toBeGreaterThanOrEqual(REMEMBER_FLOOR);
  });
});
