/**
 * toolgate's own files that decide later calls: `toolgate hook`'s cache directory holds the
 * compiled policy it decides with (trusted while the settings files' fingerprints match), the
 * main agent's mode per session (a sub-agent's ceiling) and the hook bundle's code cache. The
 * agent runs as the same user, so the directory's ownership does not keep it out: a write there
 * could lift every deny rule for later sessions. Every write into it, or to it or a folder
 * holding it below the home directory, is a protected path (asked in every mode).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside, normalizePath, protectedPathMatch, type ProtectedPathSpec } from '../paths/index.js';
import type { Policy } from '../settings/types.js';
import { SETTINGS_COMMAND_KEYS } from '../settings/commands.js';
import type { EnvironmentFacts } from './types.js';
import { environmentValue } from './shell-world.js';
import { writtenNames } from '../paths/real.js';
import { nodeImports, pythonModuleIn, scriptLanguage } from './script-imports.js';
import { commandCode as commandRuns, simpleCommands } from './command-code.js';
import { commandProper } from '../shell/programs/unattended-runs.js';
import { shellInvocation } from '../shell/programs/shell-invocation.js';
import { interpreterLanguage } from '../shell/programs/script-languages.js';
import { mcpServerCommands } from './mcp-servers.js';

/**
 * The directory `toolgate hook` keeps its cache in: `$TOOLGATE_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/toolgate`, else `~/.cache/toolgate` — `get` answers a variable's value, or
 * `undefined` when unset. The hook uses this to find its cache; the evaluator to protect it.
 */
export function toolgateCacheDir(get: (name: string) => string | undefined, home: string): string {
  const own = get('TOOLGATE_CACHE_DIR');
  if (own !== undefined && own !== '') return own;
  const xdg = get('XDG_CACHE_HOME');
  return `${xdg !== undefined && xdg !== '' ? xdg.replace(/\/+$/, '') : `${home === '/' ? '' : home}/.cache`}/toolgate`;
}

/**
 * Every directory the hook's cache may be in, as the environment facts tell: the one they name
 * when the variables are known, else each the variables could choose among the usual ones
 * (`~/.cache/toolgate` and those the known values name). A value given relative is ignored.
 */
export function toolgateCacheDirs(environment: EnvironmentFacts | undefined, home: string): string[] {
  const own = environmentValue(environment, 'TOOLGATE_CACHE_DIR');
  const xdg = environmentValue(environment, 'XDG_CACHE_HOME');
  const dirs = new Set<string>();
  const add = (d: string) => {
    if (d.startsWith('/')) dirs.add(d.replace(/\/+$/, '') || '/');
  };
  const value = (v: string | null | undefined) => (typeof v === 'string' && v !== '' ? v : undefined);
  if (value(own) !== undefined) add(value(own)!);
  if (own === undefined || value(own) === undefined) {
    add(toolgateCacheDir((n) => (n === 'XDG_CACHE_HOME' ? value(xdg) : undefined), home));
    // Unknown variables: the default as well as what a known value names.
    if (xdg === undefined) add(toolgateCacheDir(() => undefined, home));
  }
  return [...dirs];
}

/**
 * Why a write to `written` (or its removal) changes what `toolgate hook` decides later, or `undefined`: it is in
 * one of `dirs`, or it is such a directory or a folder holding one below the home directory (a
 * move or link put there replaces the cache).
 */
export function toolgateCacheWrite(written: string, dirs: readonly string[], home: string): string | undefined {
  for (const dir of dirs) {
    const inside = isInside(written, dir);
    const holds = !inside && isInside(dir, written) && written !== home && isInside(written, home);
    if (inside || holds) {
      return `${dir} is toolgate hook's cache: the compiled policy it decides with, the main agent's mode per session and its code cache; a file written or removed there changes later decisions`;
    }
  }
  return undefined;
}

/**
 * Every install of toolgate a package manager makes has `node_modules/toolgate` in its path: a
 * project's (`npm i -D toolgate`), a global one (`/usr/lib/node_modules`, nvm's), npx's cache
 * (`~/.npm/_npx/…/node_modules/toolgate`) and pnpm's (`node_modules/.pnpm/toolgate@…/node_modules/toolgate`).
 */
const INSTALLS: ProtectedPathSpec = { dirs: ['node_modules/toolgate'], files: [], exceptions: [] };

/** How many folders above a hook's script its package's `package.json` is looked for (`dist/cli/main.js`). */
const PACKAGE_DEPTH = 4;

/**
 * The words of a hook command that name a file: `node /opt/tg/dist/cli/main.js hook` → the script.
 * A shell that only parses its script (`sh -n F`: the shell's own option model) names no code.
 */
function commandPaths(command: string, projectDir: string | undefined, home: string): string[] {
  const out: string[] = [];
  const parsedOnly = simpleCommands(command).filter((c) => parsesOnly(commandProper(c.split(/\s+/).map((w) => w.replace(/['"]/g, '')))));
  const words = parsedOnly.length === 0 ? command : simpleCommands(command).filter((c) => !parsedOnly.includes(c)).join(' ; ');
  for (const raw of words.split(/\s+/)) {
    let w = raw.replace(/['"]/g, '').replace(/^(?:--?[\w-]+=)/, '');
    if (projectDir !== undefined) w = w.replace(/^\$\{?CLAUDE_PROJECT_DIR\}?/, projectDir);
    if (w.startsWith('~/')) w = `${home}${w.slice(1)}`;
    if (!w.includes('/') || w.includes('$')) continue;
    const abs = w.startsWith('/') ? w : projectDir !== undefined ? `${projectDir}/${w}` : undefined;
    if (abs !== undefined) out.push(normalizePath(abs, { cwd: projectDir ?? home, home, platform: 'linux' }));
  }
  return out;
}

/** A shell given a script it only parses (`sh -n F`, `bash -o noexec F`): it runs nothing of it. */
function parsesOnly(words: readonly string[]): boolean {
  const first = words[0];
  if (first === undefined || interpreterLanguage(first.slice(first.lastIndexOf('/') + 1)) !== 'shell-script') return false;
  return shellInvocation(words).noexec === true;
}

/**
 * The project's install of toolgate when a hook command runs it by name (`npx toolgate hook`,
 * `toolgate hook` with `node_modules/.bin` on PATH): its command-line script, as a path would name it.
 */
function projectInstall(command: string, projectDir: string | undefined, view: ReadonlyFsView | undefined): string[] {
  if (projectDir === undefined || view === undefined) return [];
  if (!command.split(/\s+/).some((w) => /^toolgate(?:@[\w.^~<>=-]*)?$/.test(w.replace(/['"]/g, '')))) return [];
  const script = `${projectDir === '/' ? '' : projectDir}/node_modules/toolgate/dist/cli/main.js`;
  return view.exists(script) ? [script] : [];
}

/**
 * Whether a word of a hook command names a script or program file: a file as the view shows it
 * (never a folder such as `--project DIR`, never a device such as `/dev/null`), or, where the view
 * shows nothing there (or there is no view), a name with a script's extension.
 */
function isScriptFile(path: string, view: ReadonlyFsView | undefined): boolean {
  if (path.startsWith('/dev/') || path.startsWith('/proc/')) return false;
  // Not there yet: the file a write creates is the script that runs next.
  if (view === undefined || !view.exists(path)) return SCRIPT_NAME.test(path);
  return view.isDirectory?.(path) === false;
}

/** A script's name, for a file the view does not show. */
const SCRIPT_NAME = /\.(?:[cm]?[jt]s|sh|bash|zsh|py|rb|pl)$/;

/** The directory of the toolgate package holding `file` (its `package.json` names `toolgate`), if the view shows one. */
function toolgatePackageOf(file: string, view: ReadonlyFsView): string | undefined {
  let dir = file;
  for (let i = 0; i < PACKAGE_DEPTH; i++) {
    const up = dir.slice(0, dir.lastIndexOf('/')) || '/';
    if (up === dir) return undefined;
    dir = up;
    const text = view.readText?.(`${dir === '/' ? '' : dir}/package.json`);
    if (text === undefined) continue;
    let name: unknown;
    try {
      name = (JSON.parse(text) as { name?: unknown } | null)?.name;
    } catch {
      return undefined;
    }
    // A package.json with no name only sets the module type of its folder (the published package's
    // dist/cli/package.json is `{"type":"commonjs"}`): the package is further up (replay 24, RP24-E1).
    if (name === undefined) continue;
    return name === 'toolgate' ? dir : undefined;
  }
  return undefined;
}

/** A file or folder a command of the settings runs code from, and what runs it (a reason's words). */
export interface CommandCode {
  /** The file or folder (everything inside it is the command's code), or with `python` the folder Python imports from. */
  path: string;
  /** `path` is a Python script's folder, first on `sys.path`: only the names Python may import from it count (`pythonModuleIn`). */
  python?: true;
  /** Only the paths inside `path` this matches are code (the files `find DIR -name P -exec sh {} \;` runs). */
  pattern?: RegExp;
  /** `a hook of the settings runs for every tool call`, `the settings' statusLine names, which Claude Code runs …`. */
  runBy: string;
  /** How the command comes to run it, when not by naming it (`run by \`node scripts/status.js\` in package.json's "status" script, …`). */
  via?: string;
}

/** What runs the code of a hook's command, as a reason says. */
const HOOK_RUNS = 'a hook of the settings runs for every tool call';

/**
 * The files and folders the settings' commands run from: each `command` hook's and each command a
 * settings key names that Claude Code runs with no tool call (`statusLine`, `apiKeyHelper`, …:
 * `SETTINGS_COMMAND_KEYS`, red team 24, RT24-J) and each MCP server it starts (`mcp-servers.ts`). For each, every file the command names (the
 * script that runs) and, resolved through links, the toolgate package holding it (`node
 * …/dist/cli/main.js hook`, `node_modules/.bin/toolgate hook`: the whole package's code runs)
 * with the packages it loads (`node_modules/zod` hoisted beside it).
 */
export function hookCodePaths(
  policy: Policy,
  projectDir: string | undefined,
  home: string,
  view: ReadonlyFsView | undefined,
  /** The session's environment, which an MCP server's `${VAR}` is expanded with (`mcp-servers.ts`). */
  environment?: EnvironmentFacts,
): CommandCode[] {
  const out = new Map<string, CommandCode>();
  const add = (command: string, runBy: string) => {
    for (const c of commandCode(command, projectDir, home, view)) {
      const key = `${c.python === true ? 'py:' : ''}${c.pattern !== undefined ? `${c.pattern.source}:` : ''}${c.path}`;
      if (!out.has(key)) out.set(key, { ...c, runBy });
      else if (c.via === undefined && out.get(key)!.via !== undefined) out.set(key, { ...c, runBy });
    }
  };
  for (const group of policy.hooks) {
    for (const h of group.hooks) {
      const command = h['command'];
      if (typeof command === 'string') add(command, HOOK_RUNS);
    }
  }
  for (const c of policy.commands ?? []) {
    if (c.key === 'hooks') {
      add(c.command, `${HOOK_RUNS} (a hook of a project not trusted: Claude Code runs it in -p and the SDK without the trust dialog)`);
      continue;
    }
    const key = SETTINGS_COMMAND_KEYS.find((k) => k.key === c.key);
    add(c.command, `the settings' ${c.key} names, which Claude Code runs ${key?.when ?? 'by itself'}, with no tool call`);
  }
  for (const s of mcpServerCommands(projectDir, home, view, (name) => environmentValue(environment, name))) add(s.command, s.runBy);
  return [...out.values()];
}

/**
 * The files and folders one command runs code from (see {@link hookCodePaths}), and what each
 * script loads beside itself (decision 0127: `script-imports.ts`).
 */
function commandCode(
  command: string,
  projectDir: string | undefined,
  home: string,
  view: ReadonlyFsView | undefined,
): Omit<CommandCode, 'runBy'>[] {
  const out: Omit<CommandCode, 'runBy'>[] = [];
  const add = (path: string) => out.push({ path });
  for (const path of [...commandPaths(command, projectDir, home), ...projectInstall(command, projectDir, view)]) {
    if (!isScriptFile(path, view)) continue;
    add(path);
    const real = view?.realpath(path);
    if (real !== undefined) add(real);
    const pkg = real !== undefined ? toolgatePackageOf(real, view!) : undefined;
    if (pkg !== undefined) {
      for (const p of [pkg, ...packageDependencies(pkg, view!)]) add(p);
      continue;
    }
    const script = real ?? path;
    const language = scriptLanguage(script, command, view);
    if (language === 'python-script') out.push({ path: script.slice(0, script.lastIndexOf('/')) || '/', python: true });
    else if (language === 'node-script' && view !== undefined) nodeImports(script, view).forEach(add);
  }
  // What the command runs beyond the words naming files (decision 0128): a shell script's sourced
  // and run files, `npx NAME`'s program, `make`'s Makefile, `npm run X`'s script text, `python3 -m`'s module.
  const cwd = projectDir ?? home;
  for (const c of commandRuns(command, { cwd, top: cwd, home, ...(projectDir !== undefined ? { projectDir } : {}), ...(view !== undefined ? { view } : {}) }, true)) {
    out.push({ path: c.path, ...(c.python === true ? { python: true as const } : {}), ...(c.pattern !== undefined ? { pattern: c.pattern } : {}), via: c.via });
    const real = c.python === true ? undefined : view?.realpath(c.path);
    const pkg = real !== undefined ? toolgatePackageOf(real, view!) : undefined;
    if (pkg !== undefined) for (const p of [pkg, ...packageDependencies(pkg, view!)]) out.push({ path: p, via: c.via });
  }
  return out;
}

/** How many packages a toolgate install's dependencies are followed through (its whole tree is about twenty). */
const DEPENDENCY_BUDGET = 64;

/**
 * The folders of the packages `pkg` loads, found as Node finds them (`node_modules/NAME` in the
 * package's folder, then in each folder above) and resolved through links, with their own
 * dependencies in turn: a hook's `require("zod")` runs whatever is there, so a file planted in a
 * hoisted `node_modules/zod` answers the next hook call (red team 24, RT24-E). Every kind of
 * dependency its `package.json` lists counts (an optional peer the hook may load too); for one not
 * installed, every place Node would look.
 */
function packageDependencies(pkg: string, view: ReadonlyFsView): string[] {
  const places = new Set<string>();
  const visited = new Set([pkg]);
  const queue = [pkg];
  while (queue.length > 0 && visited.size < DEPENDENCY_BUDGET) {
    const from = queue.shift()!;
    for (const name of dependencyNames(view.readText?.(`${from}/package.json`))) {
      const found = resolvePackage(name, from, view);
      for (const p of found.places) places.add(p);
      if (found.dir === undefined || visited.has(found.dir)) continue;
      visited.add(found.dir);
      queue.push(found.dir);
    }
  }
  return [...places];
}

function dependencyNames(packageJson: string | undefined): string[] {
  if (packageJson === undefined) return [];
  try {
    const p = JSON.parse(packageJson) as Record<string, unknown> | null;
    const names = new Set<string>();
    for (const key of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
      const deps = p?.[key];
      if (deps !== null && typeof deps === 'object')
        for (const n of Object.keys(deps)) if (/^(?:@[\w.-]+\/)?[\w.-]+$/.test(n)) names.add(n);
    }
    return [...names];
  } catch {
    return [];
  }
}

/**
 * Where Node's `require(name)` from the package in `from` looks (`node_modules/NAME` in the
 * package's folder, then in each folder above) up to the one it finds, which is also resolved
 * through links (`dir`): a package written at an earlier place, or anywhere on the way when none
 * is installed, is the one loaded next.
 */
function resolvePackage(name: string, from: string, view: ReadonlyFsView): { places: string[]; dir?: string } {
  const places: string[] = [];
  for (let dir = from; ; dir = dir.slice(0, dir.lastIndexOf('/')) || '/') {
    if (!dir.endsWith('/node_modules')) {
      const candidate = `${dir === '/' ? '' : dir}/node_modules/${name}`;
      places.push(candidate);
      if (view.exists(candidate) || view.exists(`${candidate}/package.json`)) {
        const real = view.realpath(candidate) ?? candidate;
        if (real !== candidate) places.push(real);
        return { places, dir: real };
      }
    }
    if (dir === '/') return { places };
  }
}

/**
 * Why a write to `written` (or, through links, `real`) rewrites code toolgate runs, or
 * `undefined`: it is inside an install of toolgate (`node_modules/toolgate`), or is a file a
 * `command` hook names or inside the toolgate package holding one or a package it loads
 * ({@link hookCodePaths}).
 */
export function toolgateCodeWrite(
  written: string,
  real: string | undefined,
  hookPaths: readonly CommandCode[],
  view?: ReadonlyFsView,
): string | undefined {
  for (const p of writtenNames(written, real)) {
    if (protectedPathMatch(p, INSTALLS) !== undefined) return `${p} is in an install of toolgate: its code decides every later call`;
    const hit = hookPaths.find((h) => (h.python === true ? pythonModuleIn(p, h.path, view) : isInside(p, h.path) && (h.pattern === undefined || h.pattern.test(p))));
    if (hit?.python === true) return `${p} is a name Python imports first from ${hit.path}, the folder of a Python script ${hit.runBy}`;
    if (hit !== undefined) return `${hit.path} holds code ${hit.runBy}${hit.via !== undefined ? `: ${hit.via}` : ''}`;
  }
  return undefined;
}
