/**
 * Git-hook runners and the commands their own configuration makes them run (red team 27 RT27-F):
 * a git hook that runs pre-commit, lefthook or lint-staged runs the command text of that
 * configuration — `.pre-commit-config.yaml`'s local hooks' `entry`, `lefthook.yml`'s
 * `HOOK.commands.*.run` (and `jobs`), lint-staged's tasks (package.json `"lint-staged"`,
 * `.lintstagedrc*`). Verified: pre-commit 4.6.2 installed by `pre-commit install`, lefthook and
 * lint-staged 15 run from the hook; `git commit` ran `scripts/x.sh`, `sh scripts/x.sh` and
 * `python3 scripts/x.py` named there. The configuration files themselves are protected apart
 * (`paths/protected.ts`). A main-bundle table: a Write or Edit call reads it (`evaluate/command-code.ts`).
 *
 * Sources: pre-commit.com "Creating new hooks" (`entry`, `language: script|system`, `repo: local`);
 * lefthook's configuration reference (`commands`, `jobs`, `scripts`, the config file names);
 * lint-staged's README ("Configuration": the file names and the task forms).
 */
import { readYamlSubset, type YamlValue } from './yaml-subset.js';

/** What a runner reads: its configuration files (relative to where it runs) and how to find their commands. */
export interface HookRunner {
  /** The runner's name, as a reason says it. */
  readonly name: string;
  /** Its configuration files, in its order; each one present is read (relative to where it runs). */
  readonly configs: readonly string[];
  /** The command texts of a configuration file's text; `undefined` when the text cannot be read. */
  readonly commands: (text: string, file: string) => string[] | undefined;
  /** The files its configuration names as scripts it runs (lefthook's `scripts`: `.lefthook/HOOK/NAME`). */
  readonly scripts?: (text: string) => string[];
}

const LEFTHOOK_CONFIGS = ['lefthook', '.lefthook', '.config/lefthook', 'lefthook-local', '.lefthook-local'].flatMap((b) => [`${b}.yml`, `${b}.yaml`]);
const LINT_STAGED_CONFIGS = ['package.json', '.lintstagedrc', '.lintstagedrc.json', '.lintstagedrc.yaml', '.lintstagedrc.yml'];

/**
 * The git-hook runner the simple command `words` (quotes removed) runs, or `undefined`: `pre-commit
 * [hook-impl|run] [--config=F]`, `python3 -mpre_commit …` (the hook `pre-commit install` writes),
 * `lefthook run HOOK`, `lint-staged`. @internal
 */
export function hookRunnerOf(words: readonly string[]): HookRunner | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  const name = first.slice(first.lastIndexOf('/') + 1);
  const module = words.findIndex((w, k) => w === '-mpre_commit' || (w === '-m' && words[k + 1] === 'pre_commit'));
  if (name === 'pre-commit' || module > 0) {
    const rest = words.slice(module > 0 ? module + (words[module] === '-m' ? 2 : 1) : 1);
    const sub = rest.find((w) => !w.startsWith('-'));
    if (sub !== undefined && !/^(?:hook-impl|run|try-repo)$/.test(sub) && !sub.includes('$')) return undefined;
    const k = rest.findIndex((w) => w === '-c' || w === '--config' || w.startsWith('--config='));
    const config = k < 0 ? '.pre-commit-config.yaml' : rest[k]!.startsWith('--config=') ? rest[k]!.slice(9) : rest[k + 1];
    return config === undefined || config.includes('$') ? undefined : { name: 'pre-commit', configs: [config], commands: preCommitEntries };
  }
  if (name === 'lefthook' && words[1] === 'run' && words[2] !== undefined && !words[2].includes('$')) {
    const hook = words[2];
    return { name: 'lefthook', configs: LEFTHOOK_CONFIGS, commands: (text) => lefthookRuns(text, hook), scripts: (text) => lefthookScripts(text, hook) };
  }
  if (name === 'lint-staged') return { name: 'lint-staged', configs: LINT_STAGED_CONFIGS, commands: lintStagedTasks };
  return undefined;
}

const isMap = (v: YamlValue | undefined): v is { readonly [key: string]: YamlValue } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The lines `KEY: value` of a text the YAML subset cannot read, the value's quotes taken off: read so, it fails closed. */
function keyLines(text: string, key: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(`^[ \\t-]*${key}:[ \\t]*(.+?)[ \\t]*$`, 'gm'))) {
    const v = m[1]!.replace(/^(["'])(.*)\1$/, '$2');
    if (v !== '' && !/^[|>]/.test(v)) out.push(v);
  }
  return out;
}

/** `.pre-commit-config.yaml`: the `entry` of each hook of a `repo: local` (or `meta`) repository. */
function preCommitEntries(text: string): string[] {
  const doc = readYamlSubset(text);
  if (doc === undefined) return keyLines(text, 'entry');
  const repos = isMap(doc) ? doc['repos'] : undefined;
  const out: string[] = [];
  for (const repo of Array.isArray(repos) ? repos : []) {
    if (!isMap(repo) || (repo['repo'] !== 'local' && repo['repo'] !== 'meta')) continue;
    const hooks = repo['hooks'];
    for (const h of Array.isArray(hooks) ? hooks : []) if (isMap(h) && typeof h['entry'] === 'string') out.push(h['entry']);
  }
  return out;
}

/** `lefthook.yml`: `HOOK.commands.*.run` and `HOOK.jobs[*].run`. */
function lefthookRuns(text: string, hook: string): string[] {
  const doc = readYamlSubset(text);
  if (doc === undefined) return keyLines(text, 'run');
  const h = isMap(doc) ? doc[hook] : undefined;
  if (!isMap(h)) return [];
  const out: string[] = [];
  const commands = h['commands'];
  if (isMap(commands)) for (const c of Object.values(commands)) if (isMap(c) && typeof c['run'] === 'string') out.push(c['run']);
  const jobs = h['jobs'];
  for (const j of Array.isArray(jobs) ? jobs : []) if (isMap(j) && typeof j['run'] === 'string') out.push(j['run']);
  return out;
}

/** `lefthook.yml`'s `HOOK.scripts` names: files of `.lefthook/HOOK/` lefthook runs. */
function lefthookScripts(text: string, hook: string): string[] {
  const doc = readYamlSubset(text);
  const h = isMap(doc) ? doc[hook] : undefined;
  const scripts = isMap(h) ? h['scripts'] : undefined;
  return isMap(scripts) ? Object.keys(scripts).filter((n) => !n.includes('..')).map((n) => `.lefthook/${hook}/${n}`) : [];
}

/** lint-staged's tasks: each string (or list of strings) its configuration maps a pattern to; in package.json, under `"lint-staged"`. */
function lintStagedTasks(text: string, file: string): string[] | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    if (file.endsWith('.json')) return undefined;
    doc = readYamlSubset(text);
    if (doc === undefined) return undefined;
  }
  const config = file.endsWith('package.json') ? (doc as Record<string, unknown> | null)?.['lint-staged'] : doc;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return [];
  const out: string[] = [];
  for (const v of Object.values(config as Record<string, unknown>))
    for (const t of Array.isArray(v) ? v : [v]) if (typeof t === 'string') out.push(t);
  return out;
}
