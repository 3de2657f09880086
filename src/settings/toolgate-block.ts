import { normalizeMode, type RuleList } from '../core/types.js';
import { SETTINGS_CODES as C } from './codes.js';
import { describeValue, formatJsonPath, isPlainObject, suggest, type JsonPath, type Reader } from './reader.js';
import { readRules } from './rule-lists.js';
import type { AgentSettings, SettingsFile, ShadowSettings } from './types.js';

/**
 * toolgate's own settings block: the top-level `$toolgate` key of a settings file, which Claude
 * Code ignores. Each key under it has one reader in {@link TOOLGATE_KEYS}; a new key is a new
 * entry there (and a line in the docs).
 */

/** The top-level key of toolgate's own settings block. @public */
export const TOOLGATE_BLOCK_KEY = '$toolgate';

/** Reads one key of the block into the file; reports what is wrong and drops only that. */
type KeyReader = (r: Reader, value: unknown, file: SettingsFile, path: JsonPath) => void;

const RULE_LISTS: readonly RuleList[] = ['allow', 'ask', 'deny'];
const AGENT_KEYS = ['allow', 'ask', 'deny', 'mode'];
const MODE_NAMES = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions', 'manual'];

function wrongType(r: Reader, path: JsonPath, expected: string, value: unknown, consequence: string): void {
  r.report({
    code: C.toolgateBlock,
    severity: 'error',
    path,
    expected,
    message: `${formatJsonPath(path)}: expected ${expected}, got ${describeValue(value, [])}; ${consequence}`,
  });
}

function unknownKey(r: Reader, path: JsonPath, known: readonly string[], where: string): void {
  const key = String(path[path.length - 1]);
  const close = suggest(key, known);
  r.report({
    code: C.toolgateBlock,
    severity: 'warning',
    path,
    expected: `one of ${known.join(', ')}`,
    message: `${formatJsonPath(path)}: unknown key in ${where}; ignored.${close !== undefined ? ` Did you mean "${close}"?` : ''}`,
  });
}

function readAgentMode(
  r: Reader,
  value: unknown,
  path: JsonPath,
  out: AgentSettings | ShadowSettings,
  consequence = "the sub-agent keeps the mode it asks for, never more than its parent's",
): void {
  const expected = `one of ${MODE_NAMES.join(', ')}`;
  const mode = typeof value === 'string' ? normalizeMode(value) : undefined;
  if (mode !== undefined) {
    out.mode = mode;
    return;
  }
  const close = typeof value === 'string' ? suggest(value, MODE_NAMES) : undefined;
  r.report({
    code: C.toolgateBlock,
    severity: 'error',
    path,
    expected,
    message: `${formatJsonPath(path)}: expected ${expected}, got ${describeValue(value, [])}; ignored (${consequence})${close !== undefined ? `. Did you mean "${close}"?` : ''}`,
  });
}

/** `$toolgate.agents`: `{ "<agent type>" | "*": { allow?, ask?, deny?, mode? } }`. */
function readAgents(r: Reader, value: unknown, file: SettingsFile, path: JsonPath): void {
  if (!isPlainObject(value)) {
    wrongType(r, path, 'an object keyed by sub-agent type (or "*")', value, 'no sub-agent settings are read from this file');
    return;
  }
  const agents: Record<string, AgentSettings> = {};
  for (const [type, spec] of Object.entries(value)) {
    const base = [...path, type];
    if (type.trim() === '') {
      r.report({
        code: C.toolgateBlock,
        severity: 'error',
        path: base,
        expected: 'a sub-agent type such as "Explore", or "*"',
        message: `${formatJsonPath(base)}: an empty sub-agent type names no agent; ignored`,
      });
      continue;
    }
    if (!isPlainObject(spec)) {
      wrongType(r, base, 'an object { allow?, ask?, deny?, mode? }', spec, `nothing is read for sub-agent ${JSON.stringify(type)}`);
      continue;
    }
    const out: AgentSettings = { rules: [] };
    const byList: Record<RuleList, AgentSettings['rules']> = { allow: [], ask: [], deny: [] };
    for (const [key, v] of Object.entries(spec)) {
      if (v === undefined) continue;
      if (key === 'allow' || key === 'ask' || key === 'deny')
        readRules(r, key, v, byList[key], { base, typeCode: C.toolgateBlock, agent: type });
      else if (key === 'mode') readAgentMode(r, v, [...base, key], out);
      else unknownKey(r, [...base, key], AGENT_KEYS, `${formatJsonPath(base)}`);
    }
    for (const list of RULE_LISTS) for (const rule of byList[list]) out.rules.push(rule);
    agents[type] = out;
  }
  if (Object.keys(agents).length > 0) file.agents = agents;
}

/** `$toolgate.shadow`: `{ allow?, ask?, deny?, mode? }`, a policy decided beside the live one and never enforced. */
function readShadow(r: Reader, value: unknown, file: SettingsFile, path: JsonPath): void {
  if (!isPlainObject(value)) {
    wrongType(r, path, 'an object { allow?, ask?, deny?, mode? }', value, 'no shadow rules are read from this file');
    return;
  }
  const out: ShadowSettings = { rules: [] };
  const byList: Record<RuleList, ShadowSettings['rules']> = { allow: [], ask: [], deny: [] };
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (key === 'allow' || key === 'ask' || key === 'deny') readRules(r, key, v, byList[key], { base: path, typeCode: C.toolgateBlock });
    else if (key === 'mode') readAgentMode(r, v, [...path, key], out, 'the shadow decides in the live mode');
    else unknownKey(r, [...path, key], AGENT_KEYS, formatJsonPath(path));
  }
  for (const list of RULE_LISTS) for (const rule of byList[list]) out.rules.push(rule);
  file.shadow = out;
}

/**
 * The keys of `$toolgate` and their readers. `examples` is checked by `toolgate test` and `lint`
 * (policy-test), not read to decide calls.
 */
const TOOLGATE_KEYS: Readonly<Record<string, KeyReader>> = {
  examples: () => undefined,
  agents: readAgents,
  shadow: readShadow,
};

/**
 * Read toolgate's own settings block (`$toolgate`) of one file. Pure; never throws: a value that is
 * not what it should be is reported (`TG_SETTINGS_TOOLGATE`, with file, JSON path and what was
 * expected) and drops only itself.
 */
export function readToolgateBlock(r: Reader, value: unknown, file: SettingsFile): void {
  const path = [TOOLGATE_BLOCK_KEY];
  if (!isPlainObject(value)) {
    wrongType(r, path, 'an object', value, "nothing is read from toolgate's settings block in this file");
    return;
  }
  const known = Object.keys(TOOLGATE_KEYS);
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const read = Object.hasOwn(TOOLGATE_KEYS, key) ? TOOLGATE_KEYS[key] : undefined;
    if (read === undefined) unknownKey(r, [...path, key], known, TOOLGATE_BLOCK_KEY);
    else read(r, v, file, [...path, key]);
  }
}
