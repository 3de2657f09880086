import type { FileSystem } from '../core/ports.js';
// The hook modules the lint reads, not the hooks' index: that loads the hook-output validators
// (ajv), which no lint finding uses.
import type { CompiledMatcher } from '../hooks/types.js';
import { HOOK_EVENTS, hookEventInfo } from '../hooks/events.js';
import { parseRule, TOOL_INFO } from '../rules/index.js';
import { ifDirectoryAtCwd } from '../rules/hook-if.js';
import { programsOfRole } from '../shell/programs/index.js';
import { HOOK_RUNNER_WORDS, HOOK_SCRIPT_RUNNERS } from '../shell/programs/unmodelled-programs.js';
import { hiddenCharDiagnostics, quoteForMessage } from './hidden-diagnostics.js';
import type { LintDiagnostic } from './types.js';

/** What the hook checks need: where `$CLAUDE_PROJECT_DIR` and `~` point, and a file system. */
export interface HookCheckEnv {
  fs?: FileSystem;
  home: string;
  /** `undefined` when unknown (a user-level file linted alone): scripts under it are not checked. */
  projectDir?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Nested quantifiers — a group holding `+`/`*`/`{n,}` that is itself repeated, like `(a+)+` or
 * `(.*a)*` — backtrack exponentially in JavaScript's RegExp (Claude Code's engine).
 */
export function mayBacktrack(pattern: string): boolean {
  return /\((?:[^()\\]|\\.)*(?:[+*]|\{\d+,\d*\})(?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/.test(pattern);
}

/** Whether a hook command's first word starts the script after it (`node x.js`, `bash x.sh`, `npx tsx x.ts`). */
const startsScript = (name: string): boolean =>
  programsOfRole('interpreter').has(name) || programsOfRole('shell').has(name) || HOOK_SCRIPT_RUNNERS.includes(name);

/** Split a command line into words (quotes removed; no expansion). */
function words(command: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(command); m !== null; m = re.exec(command)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

/** The script a command hook runs and whether it must be executable; `undefined` when not a file path we can check. */
export function scriptOf(command: string, env: HookCheckEnv): { path: string; direct: boolean } | undefined {
  const first = command.split(/&&|\|\||;|\|/)[0] ?? '';
  const w = words(first.trim());
  let i = 0;
  while (i < w.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w[i]!)) i++;
  let direct = true;
  let word = w[i];
  if (word !== undefined && startsScript(word.replace(/^.*\//, ''))) {
    direct = false;
    i++;
    while (i < w.length && (w[i]!.startsWith('-') || HOOK_RUNNER_WORDS.has(w[i]!))) i++;
    word = w[i];
  }
  if (word === undefined) return undefined;
  let p = word
    .replace(/^\$\{?CLAUDE_PROJECT_DIR\}?/, env.projectDir !== undefined ? env.projectDir : '\0')
    .replace(/^(~|\$\{?HOME\}?)(?=\/|$)/, env.home);
  if (p.includes('\0') || p.includes('$') || p.includes('`') || /^[A-Za-z]:[\\/]/.test(p)) return undefined;
  if (!p.includes('/')) return undefined;
  if (!p.startsWith('/')) {
    if (env.projectDir === undefined) return undefined;
    p = `${env.projectDir.replace(/\/+$/, '')}/${p.replace(/^\.\//, '')}`;
  }
  return { path: p, direct };
}

const TOOL_NAMES = Object.keys(TOOL_INFO);

/**
 * Tool names a matcher writes in the wrong case: `[written, tool]` for each name of a name list,
 * or each plain word of a regex's top-level alternatives, that equals a tool name only when case
 * is ignored (`bash` → `Bash`). A regex that matches some tool as written is left alone.
 */
export function miscasedTools(matcher: string, compileMatcher: (matcher: string) => CompiledMatcher): [string, string][] {
  const out: [string, string][] = [];
  const compiled = compileMatcher(matcher);
  const words =
    compiled.kind === 'names'
      ? compiled.names
      : compiled.kind === 'regex' && !TOOL_NAMES.some((t) => compiled.test(t))
        ? matcher
            .split('|')
            .map((w) => w.replace(/^\^|\$$/g, ''))
            .filter((w) => /^[A-Za-z][A-Za-z0-9_]*$/.test(w))
        : [];
  for (const w of words) {
    if (TOOL_INFO[w] !== undefined) continue;
    const tool = TOOL_NAMES.find((t) => t.toLowerCase() === w.toLowerCase());
    if (tool !== undefined) out.push([w, tool]);
  }
  return out;
}

const VAR = /\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g;

/** Hook findings of one settings file, from its JSON as written. */
export async function hookDiagnostics(
  json: Record<string, unknown>,
  file: string | undefined,
  env: HookCheckEnv,
): Promise<LintDiagnostic[]> {
  const out: LintDiagnostic[] = [];
  const hooks = json['hooks'];
  if (!isObject(hooks)) return out;
  const at = file !== undefined ? { file } : {};
  // The matcher compiler (and re2js with it) is loaded for the first matcher: most files have none.
  let compileMatcher: ((matcher: string) => CompiledMatcher) | undefined;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      const close = HOOK_EVENTS.find(
        (e) => e.toLowerCase() === event.toLowerCase() || e.toLowerCase() === event.replace(/[-_\s]/g, '').toLowerCase(),
      );
      out.push({
        code: 'TG_LINT_HOOK_EVENT',
        severity: 'warning',
        message: `"${event}" is not a hook event (names are case-sensitive); its hooks never run${close !== undefined ? `. Did you mean "${close}"?` : ''}`,
        path: ['hooks', event],
        ...at,
      });
    }
    if (!Array.isArray(groups)) continue;
    for (const [gi, group] of groups.entries()) {
      if (!isObject(group)) continue;
      const gpath = ['hooks', event, gi];
      const matcher = group['matcher'];
      if (typeof matcher === 'string') {
        compileMatcher ??= (await import('../hooks/config/matcher.js')).compileMatcher;
        out.push(...hiddenCharDiagnostics(matcher, [...gpath, 'matcher'], file, 'the matcher', ', so its hooks do not run for that tool'));
        const miscased = hookEventInfo(event).subject === 'tool_name' ? miscasedTools(matcher, compileMatcher) : [];
        for (const [written, tool] of miscased) {
          out.push({
            code: 'TG_LINT_HOOK_MATCHER_CASE',
            severity: 'warning',
            message: `matcher ${quoteForMessage(matcher)}: "${written}" is not a tool name; matchers are case-sensitive, so the hook never runs for ${tool}. Write "${tool}"`,
            path: [...gpath, 'matcher'],
            ...at,
          });
        }
        const compiled = compileMatcher(matcher);
        let jsError: string | undefined;
        if (compiled.kind === 'regex') {
          try {
            new RegExp(matcher);
          } catch (e) {
            jsError = (e as Error).message;
          }
        }
        if (compiled.kind === 'invalid' || jsError !== undefined) {
          out.push({
            code: 'TG_LINT_HOOK_MATCHER_INVALID',
            severity: 'error',
            message: `matcher ${JSON.stringify(matcher)} is not a valid regular expression (${compiled.kind === 'invalid' ? compiled.error : jsError})`,
            path: [...gpath, 'matcher'],
            ...at,
          });
        } else if (compiled.kind === 'regex' && mayBacktrack(matcher)) {
          out.push({
            code: 'TG_LINT_HOOK_MATCHER_BACKTRACK',
            severity: 'warning',
            message: `matcher ${JSON.stringify(matcher)} nests quantifiers and can backtrack catastrophically in a JavaScript regex engine; toolgate runs it on RE2, which cannot`,
            path: [...gpath, 'matcher'],
            ...at,
          });
        }
      }
      const handlers = group['hooks'];
      if (!Array.isArray(handlers)) continue;
      for (const [hi, handler] of handlers.entries()) {
        if (!isObject(handler)) continue;
        const hpath = [...gpath, 'hooks', hi];
        const cond = handler['if'];
        if (typeof cond === 'string') {
          out.push(...hiddenCharDiagnostics(cond, [...hpath, 'if'], file, 'the `if` rule'));
          const parsed = parseRule(cond);
          if (!parsed.ok) {
            out.push({
              code: 'TG_LINT_HOOK_IF',
              severity: 'error',
              message: `"if": ${JSON.stringify(cond)} is not a permission rule: ${parsed.issues[0].message}`,
              path: [...hpath, 'if'],
              related: parsed.issues[0].code,
              ...at,
            });
          } else {
            const dir = ifDirectoryAtCwd(parsed.rule);
            if (dir !== undefined) {
              const nested = `${parsed.rule.tool}(**/${parsed.rule.specifier!.replace(/^(?:\.\/)*/, '')})`;
              out.push({
                code: 'TG_LINT_HOOK_IF_ANCHORED',
                severity: 'warning',
                message: `"if": ${JSON.stringify(cond)} names only ${dir} in the working directory (Claude Code 2.1.214 and later), not a ${dir} folder nested deeper as it did before; write ${JSON.stringify(nested)} to cover nested folders too`,
                path: [...hpath, 'if'],
                ...at,
              });
            }
          }
        }
        const timeout = handler['timeout'];
        if (typeof timeout === 'number' && timeout >= 1000) {
          out.push({
            code: 'TG_LINT_HOOK_TIMEOUT_MS',
            severity: 'warning',
            message: `timeout ${timeout} looks like milliseconds, but hook timeouts are in seconds (${timeout} s is about ${timeout >= 86400 ? `${Math.round(timeout / 86400)} days` : `${Math.round(timeout / 3600)} hours`}); did you mean ${timeout / 1000}?`,
            path: [...hpath, 'timeout'],
            ...at,
          });
        }
        if (handler['type'] === 'http') {
          const allowed = new Set(
            Array.isArray(handler['allowedEnvVars'])
              ? (handler['allowedEnvVars'] as unknown[]).filter((v): v is string => typeof v === 'string')
              : [],
          );
          const places: [string[], unknown][] = [[['url'], handler['url']]];
          if (isObject(handler['headers'])) for (const [k, v] of Object.entries(handler['headers'])) places.push([['headers', k], v]);
          for (const [sub, value] of places) {
            if (typeof value !== 'string') continue;
            for (const m of value.matchAll(VAR)) {
              if (allowed.has(m[1]!)) continue;
              out.push({
                code: 'TG_LINT_HOOK_ENV_VAR',
                severity: 'warning',
                message: `$${m[1]} is not listed in "allowedEnvVars", so it is sent as the empty string`,
                path: [...hpath, ...sub],
                ...at,
              });
            }
          }
        }
        if (handler['type'] === 'command' && typeof handler['command'] === 'string' && env.fs !== undefined) {
          const script = scriptOf(handler['command'], env);
          if (script === undefined) continue;
          let stat;
          try {
            stat = await env.fs.stat(script.path);
          } catch {
            continue;
          }
          if (stat === undefined) {
            out.push({
              code: 'TG_LINT_HOOK_SCRIPT_MISSING',
              severity: 'warning',
              message: `the hook's script ${script.path} does not exist`,
              path: [...hpath, 'command'],
              ...at,
            });
          } else if (script.direct && stat.kind === 'file' && (stat.mode & 0o111) === 0) {
            out.push({
              code: 'TG_LINT_HOOK_SCRIPT_NOT_EXECUTABLE',
              severity: 'warning',
              message: `the hook runs ${script.path} directly, but it is not executable (chmod +x, or run it through its interpreter)`,
              path: [...hpath, 'command'],
              ...at,
            });
          }
        }
      }
    }
  }
  return out;
}
