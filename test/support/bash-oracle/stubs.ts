/**
 * Programs that reach out or destroy never run for real: a stub takes their place, exits 0 and
 * leaves the exec (with its argv) in the log. Stubs are bound over the real file where one
 * exists (/usr/bin/rm, so /bin/rm and `env rm` hit the stub too) and are on PATH
 * (/usr/local/bin) where none does (`evil`). Everything else — bash, sh, node, python3, perl,
 * git, coreutils, the read-only tools — is real, so option parsing, abbreviations, reads and
 * writes really happen, inside the sandbox.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Stub names. */
export const STUB_PROGRAMS: readonly string[] = [
  // the programs test cases name for "something forbidden ran"
  'evil',
  'payload',
  'pwned',
  // destroy
  'rm',
  'shred',
  'mkfs',
  'wipefs',
  'shutdown',
  'reboot',
  'poweroff',
  'halt',
  'systemctl',
  'crontab',
  'at',
  'batch',
  // reach out
  'curl',
  'wget',
  'ssh',
  'scp',
  'sftp',
  'rsync',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'ftp',
  // install, publish, deploy
  'npm',
  'npx',
  'yarn',
  'pnpm',
  'bun',
  'pip',
  'pip3',
  'apt',
  'apt-get',
  'dpkg',
  'docker',
  'kubectl',
  'terraform',
  'gh',
  // other agents (run the tools they choose with no gate)
  'claude',
  'codex',
  'gemini',
  'aider',
  'opencode',
  // change identity
  'sudo',
  'su',
  'doas',
  'pkexec',
  // open a pager or browser and wait (pagers: see PAGERS)
  'man',
  'info',
  'less',
  'more',
  'pager',
  'vi',
  'vim',
  'nano',
  'emacs',
  'xdg-open',
  // verify signatures (git runs them for `%G?`, `--show-signature`, `log.showSignature`)
  'gpg',
  'gpg2',
  'gpgsm',
  'ssh-keygen',
];

/**
 * Pagers print what they page (as less and more do when stdout is not a terminal), so a read
 * through one — zsh's `< file` runs `$READNULLCMD` — shows its canary; they never wait.
 */
const PAGERS = new Set(['less', 'more', 'pager']);

/**
 * npm runs package scripts as the real one does — `npm test`, `npm start`, `npm run NAME`,
 * `npm run-script NAME` run `scripts.NAME` of ./package.json with `$npm_config_script_shell`
 * (default sh) — and does nothing else (no install, no network).
 */
const NPM = `#!/bin/sh
# toolgate bash oracle stub: npm runs package scripts, nothing else.
case "$1" in
  test|start|stop|restart) name="$1"; shift ;;
  run|run-script) name="$2"; shift 2 2>/dev/null || shift ;;
  *) exit 0 ;;
esac
[ -n "$name" ] || exit 0
script=$(/usr/bin/node -e 'const s=(require(process.cwd()+"/package.json").scripts||{})[process.argv[1]]; if (s) process.stdout.write(s)' "$name" 2>/dev/null) || exit 1
[ -n "$script" ] || exit 1
exec "\${npm_config_script_shell:-sh}" -c "$script" npm "$@"
`;

/** Write the stub directory: `_stub`, one file per name, and `.over` (names to bind over /usr/bin). */
export function writeStubs(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const body = '#!/bin/sh\n# toolgate bash oracle stub: the exec is the evidence.\nexit 0\n';
  const pager = '#!/bin/sh\n# toolgate bash oracle stub: a pager prints what it pages and never waits.\nexec /bin/cat "$@"\n';
  for (const name of ['_stub', ...STUB_PROGRAMS]) {
    writeFileSync(join(dir, name), name === 'npm' ? NPM : PAGERS.has(name) ? pager : body);
    chmodSync(join(dir, name), 0o755);
  }
  writeFileSync(join(dir, '.over'), `${STUB_PROGRAMS.join('\n')}\n`);
  chmodSync(dir, 0o755);
}
