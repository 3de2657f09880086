import type { ToolCall } from '../core/types.js';
import { isMcpName, primaryField } from '../rules/index.js';
import type { Rule } from '../rules/types.js';

/** Paths a sample call's relative parts resolve against. */
export interface SampleEnv {
  cwd: string;
  home: string;
  projectDir: string;
}

const FILLS = ['', 'x', 'foo bar'];

/** `a * b` with each `*` filled the same way, spaces collapsed. */
function fill(pattern: string, filler: string): string {
  return pattern.replace(/\*/g, filler).replace(/\s+/g, ' ').trim();
}

function join(dir: string, rest: string): string {
  return `${dir.replace(/\/+$/, '')}/${rest.replace(/^\/+/, '')}`;
}

function samplePath(spec: string, env: SampleEnv, filler: string): string {
  const filled = spec
    .replace(/\*\*/g, filler === '' ? 'a' : `a/${filler}`)
    .replace(/\*/g, filler === '' ? 'y' : filler)
    .replace(/\s/g, '');
  if (filled.startsWith('//')) return filled.slice(1);
  if (filled.startsWith('~/')) return join(env.home, filled.slice(2));
  if (filled.startsWith('/')) return join(env.projectDir, filled);
  return join(env.cwd, filled.replace(/^\.\//, ''));
}

/**
 * A few calls a rule covers, to ask "does some other rule decide all of these?" Each `*` is filled
 * with nothing, one word and two words; `undefined` when the rule has no sensible sample
 * (parameter rules, bare tools without a main field).
 */
export function samplesOf(rule: Rule, env: SampleEnv): ToolCall[] | undefined {
  const out = [...eachSample(rule, env)];
  return out.length === 0 ? undefined : out;
}

/**
 * The calls of {@link samplesOf} one at a time, in the same order, each once: a caller that stops
 * at the first call it cannot use makes only the calls it looks at (lint's shadowed-allow check
 * stops at the first call no deny or ask rule decides, nearly always the first).
 */
export function* eachSample(rule: Rule, env: SampleEnv): Generator<ToolCall, void, undefined> {
  if (rule.ignored === true) return;
  if (rule.toolIsGlob || isMcpName(rule.tool)) {
    const tool = rule.tool.replace(/\*/g, 'x');
    yield { tool: isMcpName(tool) && tool.indexOf('__', 5) === -1 ? `${tool}__x` : tool, input: {} };
    return;
  }
  const field = primaryField(rule.tool);
  switch (rule.family) {
    case 'bare':
      if (rule.tool === 'Bash') {
        for (const command of ['ls', 'echo hello', 'git status', 'make']) yield { tool: 'Bash', input: { command } };
      } else if (field === undefined) yield { tool: rule.tool, input: {} };
      else if (rule.tool === 'Read' || rule.tool === 'Edit') {
        for (const p of ['README.md', 'src/a.ts']) yield { tool: rule.tool, input: { file_path: join(env.cwd, p) } };
      } else if (rule.tool === 'WebFetch') yield { tool: 'WebFetch', input: { url: 'https://example.com/' } };
      return;
    case 'bash': {
      const spec = (rule.specifier ?? '').replace(/:\*$/, ' *');
      yield* distinct(
        FILLS,
        (f) => fill(spec, f),
        true,
        (command) => ({ tool: rule.tool, input: { command } }),
      );
      return;
    }
    case 'path': {
      const spec = rule.specifier ?? '';
      yield* distinct(
        PATH_FILLS,
        (f) => samplePath(spec, env, f),
        false,
        (file_path) => ({ tool: rule.tool, input: { file_path } }),
      );
      return;
    }
    case 'domain': {
      const host = rule.domain ?? '';
      yield* distinct(
        HOST_FILLS,
        (f) => host.replace(/\*/g, f),
        false,
        (h) => ({ tool: 'WebFetch', input: { url: `https://${h}/` } }),
      );
      return;
    }
    case 'content': {
      if (field === undefined) return;
      yield* distinct(
        FILLS,
        (f) => fill(rule.specifier ?? '', f),
        true,
        (v) => ({ tool: rule.tool, input: { [field]: v } }),
      );
      return;
    }
    case 'param':
      return;
  }
}

const PATH_FILLS = ['', 'x'];
const HOST_FILLS = ['a', 'b.c'];

/** The call for each filler's text, in order, leaving out a text made before (and, with `skipEmpty`, an empty one). */
function* distinct(
  fillers: readonly string[],
  text: (filler: string) => string,
  skipEmpty: boolean,
  call: (text: string) => ToolCall,
): Generator<ToolCall, void, undefined> {
  const made: string[] = [];
  for (const f of fillers) {
    const t = text(f);
    if ((skipEmpty && t === '') || made.includes(t)) continue;
    made.push(t);
    yield call(t);
  }
}
