/**
 * Which project a session belongs to (toolgate docs, "The session's project"), from what the
 * front end knows: a project named by the agent's host (`CLAUDE_PROJECT_DIR`, the
 * `X-Toolgate-Project` header, the API's `projectDir`), else the ancestor of the event's cwd
 * whose sanitized path names the transcript's folder, else a trusted project holding the cwd,
 * else unknown. Pure: the candidates and paths are given.
 */

/** The session's project as established, or why it is not. @public */
export type ProjectFinding = { known: true; dir: string; via: 'declared' | 'transcript' | 'trusted' } | { known: false };

/** What {@link findProject} looks at. @public */
export interface ProjectClues {
  /** The event's cwd (absolute). */
  cwd?: string;
  /** A project the host named: `CLAUDE_PROJECT_DIR`, `X-Toolgate-Project`, the API's `projectDir`. */
  declared?: string;
  /** The event's `transcript_path`. */
  transcriptPath?: string;
  /** Projects the front end was told to trust (`--project`): one the transcript names, or without a transcript one holding the cwd, is the project. */
  trusted?: readonly string[];
}

/** Claude Code's longest project folder name before it shortens the name and adds a hash. */
const MAX_NAME = 200;

/**
 * Claude Code's folder name for a project under `~/.claude/projects/`: every character other
 * than an ASCII letter or digit becomes `-` (observed in the Claude Code 2.1.332 binary). Names
 * over 200 characters are cut to 200 and given a hash suffix; this returns the uncut name.
 * @public
 */
export function sanitizedPath(path: string): string {
  return path.replace(/[^a-zA-Z0-9]/g, '-');
}

const isWindowsPath = (p: string) => /^[A-Za-z]:[\\/]/.test(p);

/** `path` without a trailing separator (the root keeps its own). */
function trimmed(path: string): string {
  const root = isWindowsPath(path) ? 3 : 1;
  let p = path;
  while (p.length > root && (p.endsWith('/') || p.endsWith('\\'))) p = p.slice(0, -1);
  return p;
}

/** `path` and each of its ancestors, nearest first (POSIX, or Windows with a drive letter). */
export function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  let p = trimmed(path);
  for (;;) {
    out.push(p);
    const cut = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
    if (cut === -1) break;
    const root = isWindowsPath(p) ? 3 : 1;
    const parent = cut < root ? p.slice(0, root) : p.slice(0, cut);
    if (parent === p) break;
    p = parent;
  }
  return out;
}

/** The folder names a transcript path offers: its own folder, and the one under a `projects` folder (a sub-agent's transcript lies deeper). */
function transcriptFolders(transcriptPath: string): string[] {
  const parts = transcriptPath.split(/[\\/]+/).filter((s) => s !== '');
  const names = new Set<string>();
  if (parts.length >= 2) names.add(parts[parts.length - 2]!);
  const at = parts.lastIndexOf('projects');
  if (at !== -1 && at + 1 < parts.length - 1) names.add(parts[at + 1]!);
  return [...names];
}

function namesFolder(dir: string, folder: string): boolean {
  const name = sanitizedPath(dir);
  if (name.length <= MAX_NAME) return name === folder;
  // Cut names end in "-<hash in base 36>"; the hash is not recomputed, so a cut name is matched by
  // its first 200 characters, and two ancestors both matching leave the project unknown.
  return folder.length > MAX_NAME + 1 && folder.startsWith(`${name.slice(0, MAX_NAME)}-`) && /^[0-9a-z]+$/.test(folder.slice(MAX_NAME + 1));
}

/**
 * The ancestor of `cwd` (or `cwd` itself) that Claude Code's transcript folder names, when exactly
 * one does. `undefined` when none does (the shell has left the project, the transcript is kept
 * elsewhere) or when the name is ambiguous.
 * @public
 */
export function projectFromTranscript(cwd: string, transcriptPath: string): string | undefined {
  const folders = transcriptFolders(transcriptPath);
  const hits = ancestorsOf(cwd).filter((dir) => folders.some((f) => namesFolder(dir, f)));
  return hits.length === 1 ? hits[0] : undefined;
}

function holds(parent: string, child: string): boolean {
  const p = trimmed(parent);
  const c = trimmed(child);
  if (c === p) return true;
  const sep = isWindowsPath(p) ? /[\\/]/ : /\//;
  return c.startsWith(p) && (p.endsWith('/') || p.endsWith('\\') || sep.test(c.charAt(p.length)));
}

/**
 * The session's project, in order of trust: the project the host declared; the ancestor of the
 * cwd the transcript's folder names; the trusted project the transcript's folder names (the shell
 * may be in an additional directory); without a transcript, the deepest trusted project holding
 * the cwd; otherwise unknown. A declared project that the transcript contradicts (it names another ancestor of the
 * cwd) leaves the project unknown: one of them is stale, and no one can say which. The cwd never
 * becomes the project by itself: a shell that has `cd`'d elsewhere would otherwise pick another
 * directory's settings.
 * @public
 */
export function findProject(clues: ProjectClues): ProjectFinding {
  const cwd = clues.cwd !== undefined && (clues.cwd.startsWith('/') || isWindowsPath(clues.cwd)) ? clues.cwd : undefined;
  const fromTranscript =
    cwd !== undefined && clues.transcriptPath !== undefined ? projectFromTranscript(cwd, clues.transcriptPath) : undefined;
  const declared = clues.declared?.trim();
  if (declared !== undefined && declared !== '' && (declared.startsWith('/') || isWindowsPath(declared))) {
    const dir = trimmed(declared);
    if (fromTranscript !== undefined && fromTranscript !== dir) return { known: false };
    return { known: true, dir, via: 'declared' };
  }
  if (cwd === undefined) return { known: false };
  if (fromTranscript !== undefined) return { known: true, dir: fromTranscript, via: 'transcript' };
  const trusted = (clues.trusted ?? []).map(trimmed);
  if (clues.transcriptPath !== undefined) {
    // The shell may be in an additional directory, outside the project: a trusted project the
    // transcript names is the project. One the transcript does not name is not: the session
    // started elsewhere, and that project's rules would vanish.
    const folders = transcriptFolders(clues.transcriptPath);
    const named = trusted.filter((t) => folders.some((f) => namesFolder(t, f)));
    return named.length === 1 ? { known: true, dir: named[0]!, via: 'trusted' } : { known: false };
  }
  const holding = trusted.filter((t) => holds(t, cwd)).sort((a, b) => b.length - a.length);
  if (holding[0] !== undefined) return { known: true, dir: holding[0], via: 'trusted' };
  return { known: false };
}
