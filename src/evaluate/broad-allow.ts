import type { Rule } from '../rules/types.js';

/** Interpreters and runners whose wildcard allow rules let a whole class of calls through. */
const INTERPRETERS = new Set([
  'python', 'python3', 'python2', 'node', 'deno', 'bun', 'ruby', 'perl', 'php', 'lua', 'bash', 'sh', 'zsh', 'fish',
  'pwsh', 'powershell', 'npx', 'bunx', 'pnpx', 'uvx', 'uv', 'pipx', 'env', 'sudo', 'exec', 'eval', 'xargs', 'ssh',
  'docker', 'kubectl', 'java', 'go', 'cargo', 'dotnet', 'Rscript', 'osascript',
]);

/** Package-manager run commands (`npm run *`, `yarn *`, ...). */
const RUNNERS = /^(npm run|npm exec|pnpm run|pnpm exec|pnpm dlx|yarn run|yarn dlx|yarn|bun run|make|just|task|cargo run|go run|poetry run|uv run|pipenv run|rake|gradle|\.\/gradlew|mvn)\b/;

/**
 * Is this an allow rule that auto mode sets aside while the classifier judges (Claude Code docs,
 * "Auto mode": bare `Bash`, `Bash(*)`, wildcarded interpreters, package-manager run commands,
 * any `Agent` allow rule, `Monitor` allow rules)?
 * @public
 */
export function isBroadAllow(rule: Rule): boolean {
  if (rule.tool === 'Agent' || rule.tool === 'Monitor') return true;
  if (rule.tool !== 'Bash' && rule.tool !== 'PowerShell') return false;
  if (rule.family === 'bare') return true;
  const spec = (rule.specifier ?? '').trim();
  if (!spec.includes('*')) return false;
  if (/^\*+$/.test(spec)) return true;
  const head = spec.replace(/:\*$/, ' *').split(/[\s*]/)[0] ?? '';
  if (INTERPRETERS.has(head)) return true;
  return RUNNERS.test(spec.replace(/\*.*$/, '').trim() + ' ');
}
