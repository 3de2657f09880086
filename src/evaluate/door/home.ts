import type { ToolCall } from '../../core/types.js';

/** The agent's home directory as a front end established it, or why it could not. @public */
export type AgentHome = { known: true; home: string } | { known: false; why: string };

const PROJECTS = '/.claude/projects/';

/**
 * The home directory a Claude Code transcript path names: `<home>/.claude/projects/<slug>/<session>.jsonl`
 * (Claude Code's default layout); `undefined` for any other path.
 * @public
 */
export function homeOfTranscript(path: string | undefined): string | undefined {
  if (path === undefined || !path.startsWith('/') || !path.endsWith('.jsonl')) return undefined;
  const at = path.lastIndexOf(PROJECTS);
  if (at <= 0) return undefined;
  const rest = path.slice(at + PROJECTS.length).split('/');
  if (rest.length !== 2 || rest.some((p) => p === '' || p === '.' || p === '..')) return undefined;
  const home = path.slice(0, at);
  return home.split('/').some((p) => p === '.' || p === '..') ? undefined : home;
}

/**
 * The home directory of the agent that sent an event, for a front end that does not run as the
 * agent (`toolgate serve`): from the transcript's folder and the `HOME` the client declares
 * (`X-Toolgate-Env`, which `--print-hook-config` asks Claude Code to send). Either alone
 * establishes it; when both are given they must agree; otherwise it is unknown, and a call that
 * names a path through `~` or `$HOME` is not judged against a guess (decision 0043).
 * @public
 */
export function agentHome(o: { transcriptPath?: string | undefined; declared?: string | null | undefined }): AgentHome {
  const fromTranscript = homeOfTranscript(o.transcriptPath);
  const declared = typeof o.declared === 'string' && o.declared.startsWith('/') ? o.declared.replace(/(.)\/+$/, '$1') : undefined;
  if (fromTranscript !== undefined && declared !== undefined && fromTranscript !== declared) {
    return { known: false, why: `the transcript's folder names ${fromTranscript} as the home directory, the client's HOME is ${declared}` };
  }
  const home = declared ?? fromTranscript;
  if (home !== undefined) return { known: true, home };
  return {
    known: false,
    why: 'neither the transcript path (<home>/.claude/projects/…) nor a HOME in X-Toolgate-Env (toolgate serve --print-hook-config) names it',
  };
}

/** The input fields that hold a path or a command. */
const PATH_FIELDS = ['command', 'file_path', 'path', 'notebook_path', 'pattern'] as const;
/** `~` where a shell expands it (a word's start, after `=` or `:`), or `$HOME` / `${HOME…}`. */
const HOME_WORD = /(?:^|[\s=:'"(`;|&<>{,])(~[^\s'"`;|&<>)]*)|(\$\{?HOME\b[^\s'"`;|&<>)]*)/;

/**
 * The first word of a call that depends on the home directory — `~/.ssh/id_rsa`, `$HOME/.env` in
 * a command or a path field — or `undefined` when none does.
 * @public
 */
export function homeWordOf(call: ToolCall): string | undefined {
  for (const key of PATH_FIELDS) {
    const v = call.input[key];
    if (typeof v !== 'string') continue;
    const m = HOME_WORD.exec(v);
    if (m !== null) return m[1] ?? m[2];
  }
  return undefined;
}
