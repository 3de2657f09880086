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
  'evil', 'payload', 'pwned',
  // destroy
  'rm', 'shred', 'mkfs', 'wipefs', 'shutdown', 'reboot', 'poweroff', 'halt', 'systemctl', 'crontab', 'at',
  // reach out
  'curl', 'wget', 'ssh', 'scp', 'sftp', 'rsync', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ftp',
  // install, publish, deploy
  'npm', 'npx', 'yarn', 'pnpm', 'bun', 'pip', 'pip3', 'apt', 'apt-get', 'dpkg', 'docker', 'kubectl', 'terraform', 'gh',
  // change identity
  'sudo', 'su', 'doas', 'pkexec',
  // open a pager or browser and wait
  'man', 'info', 'less', 'more', 'vi', 'vim', 'nano', 'emacs', 'xdg-open',
];

/** Write the stub directory: `_stub`, one file per name, and `.over` (names to bind over /usr/bin). */
export function writeStubs(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const body = '#!/bin/sh\n# toolgate bash oracle stub: the exec is the evidence.\nexit 0\n';
  for (const name of ['_stub', ...STUB_PROGRAMS]) {
    writeFileSync(join(dir, name), body);
    chmodSync(join(dir, name), 0o755);
  }
  writeFileSync(join(dir, '.over'), `${STUB_PROGRAMS.join('\n')}\n`);
  chmodSync(dir, 0o755);
}
