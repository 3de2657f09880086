import type { ToolCall } from '../core/types.js';
import { allProgramModels } from '../shell/programs/index.js';
import { CORPUS_CALLS } from './corpus-data.js';

/** Where the corpus's `{project}` and `{home}` point. @public */
export interface CorpusPlaces {
  /** The project directory (absolute). */
  projectDir: string;
  /** The home directory (absolute). */
  home: string;
}

function placed(value: unknown, at: CorpusPlaces): unknown {
  if (typeof value === 'string')
    return value.replaceAll('{project}', at.projectDir.replace(/\/+$/, '')).replaceAll('{home}', at.home.replace(/\/+$/, ''));
  if (Array.isArray(value)) return value.map((v) => placed(v, at));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, placed(v, at)]));
  return value;
}

/**
 * The body of calls `toolgate diff` ships with, placed in a project: the everyday commands
 * observed against the Claude Code CLI, the example corpus's calls (file, web, MCP and agent
 * tools among them) and every program model's example command, without repeats.
 * @public
 */
export function diffCorpus(at: CorpusPlaces): ToolCall[] {
  const seen = new Set<string>();
  const out: ToolCall[] = [];
  const add = (call: ToolCall) => {
    const key = JSON.stringify(call);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(call);
  };
  for (const call of CORPUS_CALLS) add(placed(call, at) as ToolCall);
  for (const model of allProgramModels()) for (const example of model.examples) add({ tool: 'Bash', input: { command: example.command } });
  return out;
}
