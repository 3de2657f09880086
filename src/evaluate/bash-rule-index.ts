/**
 * Bash rules looked up by the first word of the command instead of tried one by one (decision
 * 0027). A command pattern whose first word is literal (`git push *`, `rm -rf *`, `npm run:*`)
 * only ever matches a text that starts with that word, so for a command only the rules filed
 * under the first words of its texts, and the rules that cannot be filed (`*`, `ls*`, rules of
 * other families), are tried — in the list's order, so the rule an answer names is the one a scan
 * of the whole list names. A pattern whose first two words are literal (`git push *`,
 * `make target-5`) is filed under both, so many rules on one program do not all meet each of its
 * commands.
 */
import type { CompiledRule } from '../settings/types.js';
import type { SimpleCommand } from '../shell/types.js';
import { commandPatternFirstTwoWords, commandPatternFirstWord, firstTwoWordsOf, firstWordOf, squeezeCommand } from '../rules/command.js';
import { powerShellRestrictiveTexts, powerShellRuleForms } from '../powershell/index.js';
import type { CallFacts } from './facts.js';
import type { PowerShellFacts } from './powershell-facts.js';
import { literalText } from './holes.js';
import { mergedPositions } from './positions.js';
import { isBuiltInRule } from './opaque-code.js';
import { namePattern } from '../shell/unknown-programs.js';
import { segmentMatches } from '../paths/glob.js';
import { isChosenName } from '../shell/programs/chosen-names.js';
import type { ReadonlyFsView } from '../core/ports.js';
import { allowTextOf, patternCoversCommand, ruleProgram } from './rule-match.js';

/** Rule positions filed by a word, and those that cannot be filed (tried for every word). */
interface Keyed {
  byWord: Map<string, number[]>;
  always: number[];
}

/** {@link Keyed} for the texts a rule can match: by their first two words where the rule fixes them, else by the first word. */
interface KeyedTexts extends Keyed {
  /** Rules by the first two words of every text they can match ({@link commandPatternFirstTwoWords}); not in `byWord`. */
  byTwoWords: Map<string, number[]>;
}

/** One rule list (as `rulesForTool` gives it) indexed three ways, each a way a Bash rule can bear on a command. */
interface BashRuleIndex {
  /** Rules of other families (path, bare, param, content): met by every command. */
  others: number[];
  /** `others` and `match.always` merged: the rules tried for every command. */
  base: number[];
  /** The rules at `base`, made on first use. */
  baseRules?: CompiledRule[];
  /** `base` without the path rules: what a command meets besides the path rules its paths pick. */
  baseWithoutPaths: number[];
  /** Bash rules by the first two words, or the first word, of the texts they can match ({@link commandPatternFirstWord}). */
  match: KeyedTexts;
  /** Bash rules by the first word `mayMatchWithHoles` compares with a command's first word. */
  holes: Keyed;
  /** Bash rules by the program they name (`ruleProgram`), for a program toolgate does not know that names it. */
  programs: Map<string, number[]>;
  /** The keys of `programs` that are names a machine chooses the program of (`same-file-names.ts`: `editor`, `pager`). */
  chosenPrograms: string[];
  /**
   * Positions of the Bash rules that are not toolgate's own, ascending: under a script toolgate
   * cannot read, each of them that does not match is `hidden` (opaque), and the first of those names
   * the rule the opaque-code table answers for.
   */
  userBash: number[];
  /** Each position list above (a bucket) by a number, for {@link combinations}' keys. */
  bucketIds: Map<readonly number[], number>;
  /**
   * The candidates of the bucket combinations met so far (most calls meet a few: `git`, `npm` and
   * `git`, …), by the buckets' numbers, so a call does not merge the same lists again.
   */
  combinations: Map<string, readonly CompiledRule[]>;
}

/** How many bucket combinations an index remembers before it starts again. */
const COMBINATIONS_LIMIT = 4096;

/** Numbers every bucket of an index (see `bucketIds`). */
function numberBuckets(index: BashRuleIndex): BashRuleIndex {
  const lists = [
    ...index.match.byWord.values(),
    ...index.match.byTwoWords.values(),
    index.match.always,
    ...index.holes.byWord.values(),
    index.holes.always,
    ...index.programs.values(),
  ];
  for (const list of lists) if (!index.bucketIds.has(list)) index.bucketIds.set(list, index.bucketIds.size);
  return index;
}

/** Below this many rules a scan costs less than the lookups. */
const MIN_RULES = 8;

const indexes = new WeakMap<readonly CompiledRule[], BashRuleIndex>();
const psIndexes = new WeakMap<readonly CompiledRule[], BashRuleIndex>();
/** Lists met once and not indexed yet (see {@link indexed}). */
const seen = new WeakSet<readonly CompiledRule[]>();

/**
 * The index of a list, built on the list's second use: a list made for one call only (a policy
 * with session rules gets new lists per call) is scanned, as cheaply as before, rather than
 * indexed for nothing. `undefined` means: scan.
 */
function indexed(
  rules: readonly CompiledRule[],
  cache: WeakMap<readonly CompiledRule[], BashRuleIndex>,
  make: (rules: readonly CompiledRule[]) => BashRuleIndex,
): BashRuleIndex | undefined {
  const index = cache.get(rules);
  if (index !== undefined) return index;
  if (!seen.has(rules)) {
    seen.add(rules);
    return undefined;
  }
  const made = make(rules);
  cache.set(rules, made);
  return made;
}

function file(map: Map<string, number[]>, word: string, i: number): void {
  const list = map.get(word);
  if (list === undefined) map.set(word, [i]);
  else list.push(i);
}

/**
 * The word `mayMatchWithHoles` compares with a command's first word: the pattern's first token
 * (split the same way), when it holds no `*`. A command whose first word is another literal word
 * never may-match the pattern.
 */
function holeWord(spec: string): string | undefined {
  const first = spec.replace(/:\*$/, ' *').trim().split(/\s+/)[0];
  return first === undefined || first === '' || first.includes('*') ? undefined : first;
}

function newIndex(): BashRuleIndex {
  return {
    others: [],
    base: [],
    baseWithoutPaths: [],
    match: { byWord: new Map(), byTwoWords: new Map(), always: [] },
    holes: { byWord: new Map(), always: [] },
    programs: new Map(),
    chosenPrograms: [],
    userBash: [],
    bucketIds: new Map(),
    combinations: new Map(),
  };
}

function build(rules: readonly CompiledRule[]): BashRuleIndex {
  const index: BashRuleIndex = newIndex();
  const nonPath: number[] = [];
  rules.forEach((cr, i) => {
    if (cr.rule.family !== 'bash') {
      index.others.push(i);
      if (cr.rule.family !== 'path') nonPath.push(i);
      return;
    }
    const spec = cr.rule.specifier ?? '*';
    if (!isBuiltInRule(cr)) index.userBash.push(i);
    const two = commandPatternFirstTwoWords(spec);
    const word = two === undefined ? commandPatternFirstWord(spec) : undefined;
    if (two !== undefined) file(index.match.byTwoWords, two, i);
    else if (word === undefined) index.match.always.push(i);
    else file(index.match.byWord, word, i);
    const hole = holeWord(spec);
    if (hole === undefined) index.holes.always.push(i);
    else file(index.holes.byWord, hole, i);
    const program = ruleProgram(spec);
    if (program !== undefined) {
      if (isChosenName(program) && !index.programs.has(program)) index.chosenPrograms.push(program);
      file(index.programs, program, i);
    }
  });
  index.base = mergedPositions(index.others, index.match.always);
  index.baseWithoutPaths = mergedPositions(nonPath, index.match.always);
  return numberBuckets(index);
}

/**
 * The PowerShell form of {@link build}: `powerShellRestrictive` reads `content` and `bash` rules,
 * case-folded and with an alias first word also read as its cmdlet (`powerShellRuleForms`), so a
 * rule is filed under the first word of each form, or not at all when a form has none.
 */
function buildPowerShell(rules: readonly CompiledRule[]): BashRuleIndex {
  const index: BashRuleIndex = newIndex();
  rules.forEach((cr, i) => {
    const family = cr.rule.family;
    if (family !== 'content' && family !== 'bash') {
      index.others.push(i);
      return;
    }
    const spec = cr.rule.specifier ?? '*';
    const words = new Set<string>();
    let filed = true;
    for (const form of powerShellRuleForms(spec)) {
      const word = commandPatternFirstWord(form);
      if (word === undefined) filed = false;
      else words.add(word);
    }
    if (!filed) index.match.always.push(i);
    else for (const word of words) file(index.match.byWord, word, i);
    const hole = holeWord(spec.toLowerCase());
    if (hole === undefined) index.holes.always.push(i);
    else file(index.holes.byWord, hole, i);
  });
  index.base = mergedPositions(index.others, index.match.always);
  return numberBuckets(index);
}

/**
 * {@link commandRuleCandidates} for a PowerShell call: the rules filed under the first word of
 * the whole command and of each command's texts (`powerShellRestrictiveTexts`), under each
 * command's cmdlet for the hole check, and those that cannot be filed. Every rule when a part
 * could not be read.
 */
function powerShellCandidates(rules: readonly CompiledRule[], facts: PowerShellFacts): readonly CompiledRule[] {
  const analysis = facts.analysis;
  if (analysis.unknown.length > 0) return rules;
  const index = indexed(rules, psIndexes, buildPowerShell);
  if (index === undefined) return rules;
  const picked: number[][] = [];
  pick(picked, index.match.byWord.get(firstWordOf(squeezeCommand(facts.command.trim().toLowerCase()))));
  for (const a of analysis.commands) {
    for (const t of powerShellRestrictiveTexts(a)) pick(picked, index.match.byWord.get(firstWordOf(squeezeCommand(t))));
    pick(picked, index.holes.byWord.get(a.name.canonical.toLowerCase()));
  }
  if (analysis.commands.length > 0) pick(picked, index.holes.always);
  return candidatesAt(rules, index, picked);
}

function candidatesAt(
  rules: readonly CompiledRule[],
  index: BashRuleIndex,
  picked: number[][],
  paths?: readonly number[],
  opaque = false,
): readonly CompiledRule[] {
  let key = `${opaque ? 'o' : ''}${paths === undefined ? '*' : paths.join(',')}|`;
  for (const list of picked) {
    const id = index.bucketIds.get(list);
    if (id === undefined) return mergedCandidates(rules, index, picked, paths, opaque);
    key += `${id},`;
  }
  const known = index.combinations.get(key);
  if (known !== undefined) return known;
  const made = mergedCandidates(rules, index, picked, paths, opaque);
  if (index.combinations.size >= COMBINATIONS_LIMIT) index.combinations.clear();
  index.combinations.set(key, made);
  return made;
}

function mergedCandidates(
  rules: readonly CompiledRule[],
  index: BashRuleIndex,
  picked: number[][],
  paths: readonly number[] | undefined,
  opaque: boolean,
): readonly CompiledRule[] {
  let positions = paths === undefined ? index.base : mergedPositions(index.baseWithoutPaths, paths);
  for (const list of picked) positions = mergedPositions(positions, list);
  if (opaque) {
    const first = firstMissing(index.userBash, positions);
    if (first !== undefined) positions = mergedPositions(positions, [first]);
  }
  if (positions === index.base) return (index.baseRules ??= positions.map((i) => rules[i]!));
  const out: CompiledRule[] = new Array(positions.length);
  for (let k = 0; k < positions.length; k++) out[k] = rules[positions[k]!]!;
  return out;
}

/**
 * The rules of a deny or ask list (`rules`, one tool's as `rulesForTool` gives them) that may
 * match or be hidden in a shell call, in list order; every rule left out answers `none` to
 * `restrictiveMatch`. When every rule may bear on the call — parts that cannot be read, a state
 * change, a command whose first word is not literal — or the call is not a shell call, `rules`
 * itself. Under a script toolgate cannot see, every Bash rule that does not match is `hidden`
 * (opaque) and only the first of those is named: the first rule of the user's left out is added. A PowerShell call is looked up the same way with its own
 * texts and case-folded rule forms. `paths`: the positions of the path rules the call's paths may
 * bear on (`shellPathPositions`), when not every path rule may.
 */
export function commandRuleCandidates(
  rules: readonly CompiledRule[],
  facts: CallFacts,
  paths?: readonly number[],
  view?: ReadonlyFsView,
): readonly CompiledRule[] {
  if (rules.length < MIN_RULES) return rules;
  if (facts.kind === 'powershell') return powerShellCandidates(rules, facts);
  if (facts.kind !== 'shell') return rules;
  const analysis = facts.analysis;
  if (analysis.unknown.length > 0 || analysis.stateChanges.length > 0) return rules;
  const extras = facts.matching.analysisExtras();
  const index = indexed(rules, indexes, build);
  if (index === undefined) return rules;
  const picked: number[][] = [];
  const texts = facts.matching.restrictiveTexts();
  pickText(picked, index, texts.whole);
  for (const t of texts.parts) pickText(picked, index, t.squeezed);
  let holes = false;
  for (const { variants } of extras.holes) {
    for (const words of variants) {
      const literal = literalText(words);
      if (literal !== undefined) {
        pickText(picked, index, squeezeCommand(literal));
        continue;
      }
      const first = words[0];
      if (first === undefined || 'hole' in first) return rules;
      holes = true;
      pick(picked, index.holes.byWord.get(first.literal));
    }
  }
  if (holes) pick(picked, index.holes.always);
  if (index.programs.size > 0 && extras.unknownWords.size > 0) {
    for (const word of extras.unknownWords.keys()) {
      pick(picked, index.programs.get(word));
      // A pattern (`r?`) may name any program it matches (unknownWordNaming).
      if (namePattern(word)) for (const [program, ids] of index.programs) if (segmentMatches(word, program, false)) pick(picked, ids);
    }
  }
  // A script installed beside a program runs it (`zgrep` gzip, `c89` gcc; scp runs ssh: `scriptMatch`), so a rule
  // on that program, or on another of its names, bears on the call: rare, so every rule is tried.
  if (facts.matching.scripts().length > 0) return rules;
  // A name the machine chooses the program of (`editor`) may be the file a rule names by
  // another name, and a rule naming one (`Bash(editor *)`) may name the file a command runs:
  // with a view that can tell, those rules are tried too (`same-file-names.ts`).
  if (view?.identity !== undefined) {
    if (analysis.commands.some((c) => c.argv[0] !== undefined && isChosenName(c.argv[0]))) return rules;
    for (const program of index.chosenPrograms) pick(picked, index.programs.get(program));
  }
  return candidatesAt(rules, index, picked, paths, extras.opaque !== undefined);
}

/** The first of `wanted` (ascending) that `have` (ascending) lacks. */
function firstMissing(wanted: readonly number[], have: readonly number[]): number | undefined {
  let j = 0;
  for (const w of wanted) {
    while (j < have.length && have[j]! < w) j++;
    if (j >= have.length || have[j] !== w) return w;
  }
  return undefined;
}

/** The rules filed under a squeezed text's first word and under its first two words. */
function pickText(picked: number[][], index: BashRuleIndex, squeezed: string): void {
  pick(picked, index.match.byWord.get(firstWordOf(squeezed)));
  if (index.match.byTwoWords.size > 0) pick(picked, index.match.byTwoWords.get(firstTwoWordsOf(squeezed)));
}

/** Add a bucket to those picked, once. */
function pick(picked: number[][], list: number[] | undefined): void {
  if (list !== undefined && list.length > 0 && !picked.includes(list)) picked.push(list);
}

/**
 * The first Bash rule of an allow list (`rules`; rules of other families are passed over) whose
 * pattern covers one simple command (`patternCoversCommand`) — the rule a scan in list order
 * finds. Only the rules filed under the first word of the command's allow text, and those that
 * cannot be filed, are tried.
 */
export function coveringRule(rules: readonly CompiledRule[], cmd: SimpleCommand): CompiledRule | undefined {
  if (cmd.unknown !== undefined || cmd.context === 'substitution') return undefined;
  const index = rules.length < MIN_RULES ? undefined : indexed(rules, indexes, build);
  if (index === undefined) return rules.find((cr) => cr.rule.family === 'bash' && patternCoversCommand(cr.rule.specifier ?? '*', cmd));
  const always = index.match.always;
  const squeezed = allowTextOf(cmd).squeezed;
  const byWord = index.match.byWord.get(firstWordOf(squeezed));
  const byTwo = index.match.byTwoWords.size > 0 ? index.match.byTwoWords.get(firstTwoWordsOf(squeezed)) : undefined;
  const filed = byWord === undefined ? (byTwo ?? []) : byTwo === undefined ? byWord : mergedPositions(byWord, byTwo);
  // Merge the two ascending lists, trying each rule once.
  let a = 0;
  let f = 0;
  while (a < always.length || f < filed.length) {
    const i = f >= filed.length || (a < always.length && always[a]! < filed[f]!) ? always[a++]! : filed[f++]!;
    const cr = rules[i]!;
    if (patternCoversCommand(cr.rule.specifier ?? '*', cmd)) return cr;
  }
  return undefined;
}

/**
 * The rules of an allow list (`rules`) that may give one simple command consent, in list order:
 * those of other families (a bare rule is a wildcard), and the Bash rules filed under the first
 * word or first two words of its allow text or not filed at all, which `coveringRule` tries too —
 * the rest never cover the command. `rules` itself for a short list or a command no Bash
 * rule covers.
 */
export function consentCandidates(rules: readonly CompiledRule[], cmd: SimpleCommand): readonly CompiledRule[] {
  if (cmd.unknown !== undefined || cmd.context === 'substitution') return rules;
  const index = rules.length < MIN_RULES ? undefined : indexed(rules, indexes, build);
  if (index === undefined) return rules;
  const picked: number[][] = [];
  pickText(picked, index, allowTextOf(cmd).squeezed);
  return candidatesAt(rules, index, picked);
}
