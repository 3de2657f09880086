import type { Decision, Platform, RuleList, ToolCall } from '../core/types.js';
import { evaluate, type EvaluationContext } from '../evaluate/index.js';
import { policyFromObjects } from '../settings/index.js';
import type { SettingsFile } from '../settings/types.js';
import { exampleCall } from './call.js';

/** The settings extension key that carries toolgate's own data (`$toolgate.examples`). @public */
export const TOOLGATE_KEY = '$toolgate';

/** One checked inline example: does the rule match (or not match) the call, as declared? @public */
export interface RuleExampleResult {
  /** The settings file the example is in (absent for inline settings). */
  file?: string;
  /** The rule text, as the key under `$toolgate.examples`. */
  rule: string;
  /** Whether the example is a `match` or a `notMatch` entry. */
  kind: 'match' | 'notMatch';
  /** JSON path of the example inside its file. */
  path: (string | number)[];
  status: 'pass' | 'fail' | 'error';
  /** The call built from the example (absent when it could not be built). */
  call?: ToolCall;
  /** The decision of the rule alone for that call. */
  decision?: Decision;
  message: string;
}

/** Where the rule examples run: paths and platform for path rules. @public */
export interface ExampleContext {
  cwd: string;
  home: string;
  projectDir?: string;
  platform?: Platform;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Check the inline rule examples of a settings file, in the spirit of Codex's `match` /
 * `not_match`:
 *
 * ```json
 * { "$toolgate": { "examples": { "Bash(npm run test *)": { "match": ["npm run test -- --watch"], "notMatch": ["npm run testing"] } } } }
 * ```
 *
 * Each rule is evaluated alone, in the list it is in in that file (`allow` when it is in none,
 * which is itself an error), in mode `default`: a `match` example passes when that rule decides
 * the call, a `notMatch` example when it does not. An example string fills the tool's main field
 * (`command`, `file_path`, `url`; a bare host for WebFetch); an object is a whole call
 * `{ tool, input }`. Never throws: a malformed `$toolgate` block gives `error` results.
 * @public
 */
export function checkRuleExamples(file: SettingsFile, ctx: ExampleContext): RuleExampleResult[] {
  const out: RuleExampleResult[] = [];
  const at = file.source.file !== undefined ? { file: file.source.file } : {};
  const block = file.json[TOOLGATE_KEY];
  if (block === undefined) return out;
  const error = (path: (string | number)[], rule: string, message: string, kind: 'match' | 'notMatch' = 'match') =>
    out.push({ ...at, rule, kind, path, status: 'error', message });
  if (!isObject(block)) {
    error([TOOLGATE_KEY], '', `"${TOOLGATE_KEY}" must be an object`);
    return out;
  }
  const examples = block['examples'];
  if (examples === undefined) return out;
  if (!isObject(examples)) {
    error([TOOLGATE_KEY, 'examples'], '', `"${TOOLGATE_KEY}.examples" must be an object keyed by rule`);
    return out;
  }
  for (const [ruleText, spec] of Object.entries(examples)) {
    const base = [TOOLGATE_KEY, 'examples', ruleText];
    const compiled = file.rules.find((r) => r.rule.text === ruleText || r.rule.text.trim() === ruleText.trim());
    let list: RuleList = compiled?.list ?? 'allow';
    if (compiled === undefined) {
      error(base, ruleText, `example for "${ruleText}", which is not a valid rule in this file's permissions`);
      continue;
    }
    if (!isObject(spec)) {
      error(base, ruleText, `examples of "${ruleText}" must be { "match": [...], "notMatch": [...] }`);
      continue;
    }
    list = compiled.list;
    const policy = policyFromObjects([{ kind: 'inline', settings: { permissions: { [list]: [compiled.rule.text] } } }]);
    const evalCtx: EvaluationContext = {
      mode: 'default',
      policy,
      cwd: ctx.cwd,
      home: ctx.home,
      ...(ctx.projectDir !== undefined ? { projectDir: ctx.projectDir } : {}),
      ...(ctx.platform !== undefined ? { platform: ctx.platform } : {}),
    };
    for (const kind of ['match', 'notMatch'] as const) {
      const values = spec[kind];
      if (values === undefined) continue;
      if (!Array.isArray(values)) {
        error([...base, kind], ruleText, `"${kind}" must be an array`, kind);
        continue;
      }
      values.forEach((value, i) => {
        const path = [...base, kind, i];
        const built = exampleCall(compiled.rule.tool, value);
        if (!built.ok) {
          error(path, ruleText, built.message, kind);
          return;
        }
        const decision = evaluate(built.call, evalCtx);
        const matched = decision.rule?.text === compiled.rule.text;
        const pass = kind === 'match' ? matched : !matched;
        const shown = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(built.call);
        out.push({
          ...at,
          rule: ruleText,
          kind,
          path,
          status: pass ? 'pass' : 'fail',
          call: built.call,
          decision,
          message: pass
            ? `${list} rule "${ruleText}" ${kind === 'match' ? 'matches' : 'does not match'} ${shown}`
            : kind === 'match'
              ? `${list} rule "${ruleText}" should match ${shown} but does not (${decision.behavior}: ${decision.reason.message})`
              : `${list} rule "${ruleText}" should not match ${shown} but does`,
        });
      });
    }
  }
  return out;
}
