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
  if (rule.ignored === true) return undefined;
  if (rule.toolIsGlob || isMcpName(rule.tool)) {
    const tool = rule.tool.replace(/\*/g, 'x');
    return [{ tool: isMcpName(tool) && tool.indexOf('__', 5) === -1 ? `${tool}__x` : tool, input: {} }];
  }
  const field = primaryField(rule.tool);
  switch (rule.family) {
    case 'bare':
      if (rule.tool === 'Bash') return ['ls', 'echo hello', 'git status', 'make'].map((command) => ({ tool: 'Bash', input: { command } }));
      if (field === undefined) return [{ tool: rule.tool, input: {} }];
      if (rule.tool === 'Read' || rule.tool === 'Edit')
        return ['README.md', 'src/a.ts'].map((p) => ({ tool: rule.tool, input: { file_path: join(env.cwd, p) } }));
      if (rule.tool === 'WebFetch') return [{ tool: 'WebFetch', input: { url: 'https://example.com/' } }];
      return undefined;
    case 'bash': {
      const spec = (rule.specifier ?? '').replace(/:\*$/, ' *');
      const commands = [...new Set(FILLS.map((f) => fill(spec, f)).filter((c) => c !== ''))];
      return commands.map((command) => ({ tool: rule.tool, input: { command } }));
    }
    case 'path': {
      const spec = rule.specifier ?? '';
      return [...new Set(['', 'x'].map((f) => samplePath(spec, env, f)))].map((file_path) => ({ tool: rule.tool, input: { file_path } }));
    }
    case 'domain': {
      const host = rule.domain ?? '';
      return [...new Set(['a', 'b.c'].map((f) => host.replace(/\*/g, f)))].map((h) => ({
        tool: 'WebFetch',
        input: { url: `https://${h}/` },
      }));
    }
    case 'content': {
      if (field === undefined) return undefined;
      const values = [...new Set(FILLS.map((f) => fill(rule.specifier ?? '', f)).filter((v) => v !== ''))];
      return values.map((v) => ({ tool: rule.tool, input: { [field]: v } }));
    }
    case 'param':
      return undefined;
  }
}
