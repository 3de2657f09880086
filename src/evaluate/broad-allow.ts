import type { Rule } from '../rules/types.js';

/** Interpreters and runners whose wildcard allow rules let a whole class of calls through. */
const INTERPRETERS = new Set([
  'python',
  'python3',
  'python2',
  'node',
  'deno',
  'bun',
  'ruby',
  'perl',
  'php',
  'lua',
  'bash',
  'sh',
  'zsh',
  'fish',
  'pwsh',
  'powershell',
  'npx',
  'bunx',
  'pnpx',
  'uvx',
  'uv',
  'pipx',
  'env',
  'sudo',
  'exec',
  'eval',
  'xargs',
  'ssh',
  'docker',
  'kubectl',
  'java',
  'go',
  'cargo',
  'dotnet',
  'Rscript',
  'osascript',
  // the wrappers, interpreters and shells the program models know
  'ash',
  'builtin',
  'busybox',
  'chronic',
  'chroot',
  'chrt',
  'clisp',
  'command',
  'coproc',
  'cscript',
  'dash',
  'doas',
  'elixir',
  'emacs',
  'erl',
  'escript',
  'ex',
  'expect',
  'flock',
  'gdb',
  'ghci',
  'gjs',
  'groovy',
  'guile',
  'iex',
  'ionice',
  'irb',
  'jrunscript',
  'jshell',
  'julia',
  'kotlin',
  'ksh',
  'luajit',
  'mksh',
  'nice',
  'nocorrect',
  'nodejs',
  'noglob',
  'nohup',
  'nsenter',
  'nvim',
  'ocaml',
  'parallel',
  'php-cgi',
  'posh',
  'prlimit',
  'pypy',
  'pypy3',
  'qjs',
  'r',
  'racket',
  'rbash',
  'rscript',
  'run0',
  'runghc',
  'runhaskell',
  'runuser',
  'sbcl',
  'scala',
  'script',
  'setpriv',
  'setsid',
  'sg',
  'stdbuf',
  'su',
  'swift',
  'systemd-run',
  'taskset',
  'tclsh',
  'time',
  'timeout',
  'ts-node',
  'tsx',
  'unbuffer',
  'unshare',
  'vi',
  'vim',
  'watch',
  'wish',
  'wscript',
  'yash',
]);

/** Package-manager run commands (`npm run *`, `yarn *`, ...). */
const RUNNERS =
  /^(npm run|npm run-script|npm rum|npm urn|npm exec|npm x|pnpm run|pnpm exec|pnpm dlx|pnpm x|yarn run|yarn dlx|yarn exec|yarn|bun run|bun x|make|just|task|cargo run|go run|poetry run|uv run|pipenv run|rake|gradle|\.\/gradlew|mvn)\b/;

/**
 * Package managers: a wildcard right after the name (`npm *`, `pnpm *`) covers their run and exec
 * commands and installing any package (whose install scripts run), so it is at least as broad as
 * `npm run *`.
 */
const PACKAGE_MANAGERS = new Set([
  'npm',
  'pnpm',
  'yarn',
  'npx',
  'bun',
  'bunx',
  'pnpx',
  'pip',
  'pip3',
  'uv',
  'uvx',
  'poetry',
  'pipenv',
  'gem',
  'bundle',
  'composer',
  'cargo',
  'go',
  // the runners of scripts the program models know
  'bmake',
  'corepack',
  'deno',
  'fnm',
  'gmake',
  'make',
  'nvm',
  'volta',
  'yarnpkg',
]);

/**
 * Is this an allow rule that auto mode sets aside while the classifier judges (Claude Code docs,
 * "Auto mode": bare `Bash`, `Bash(*)`, wildcarded interpreters, package managers and their
 * runners — `npm *`, `pnpm *`, `yarn *`, `npx *`, `bun *`, `npm run *` —, rules whose command name
 * is itself a wildcard such as `Bash(* --version)`, any `Agent` allow rule, `Monitor` allow rules)?
 * A rule at least as broad as one of the documented examples is set aside too.
 * @public
 */
export function isBroadAllow(rule: Rule): boolean {
  if (rule.tool === 'Agent' || rule.tool === 'Monitor') return true;
  if (rule.tool !== 'Bash' && rule.tool !== 'PowerShell') return false;
  if (rule.family === 'bare') return true;
  const spec = (rule.specifier ?? '').trim().replace(/:\*$/, ' *');
  if (!spec.includes('*')) return false;
  // The command name is a wildcard or holds one (`* --version`, `py*`): any program can match.
  const first = spec.split(/\s/)[0] ?? '';
  if (first.includes('*')) return true;
  const head = first.replace(/^.*\//, '');
  if (INTERPRETERS.has(head)) return true;
  const fixed = spec.replace(/\*.*$/, '').trim();
  if (PACKAGE_MANAGERS.has(head) && fixed.split(/\s+/).length === 1) return true;
  return RUNNERS.test(`${fixed.replace(/^\S*\//, '')} `);
}
