/**
 * What makes the fixture look like a developer's machine rather than a laboratory: links that
 * leave the project and links inside it, signed commits (so signature placeholders run
 * `gpg.program`), an embedded bare repository and a nested work tree with configuration that runs
 * programs, and project content that runs (`package.json` scripts, a Makefile, script files).
 * A fixture without them cannot show a whole class of effects at all.
 *
 * Everything here is inside the template (built once per oracle); commands see it at the
 * sandbox paths of {@link WORLD}.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AREAS } from './areas.js';

const P = AREAS.work;
const H = AREAS.home;

/** The parts of the world, as sandbox paths, for generators and tests. */
export const WORLD = {
  /** Links the project holds that leave it. */
  linksOut: {
    /** `vendor/keys -> ~/.ssh` (absolute). */
    sshDir: `${P}/vendor/keys`,
    /** `vendor/home-key -> ~/id_rsa` (a file in HOME). */
    homeFile: `${P}/vendor/home-key`,
    /** `docs/outside -> /opt/outside` (outside both). */
    outsideDir: `${P}/docs/outside`,
    /** `vendor/notes -> ../../../../opt/outside/notes.txt` (relative, to a file outside both). */
    relativeFile: `${P}/vendor/notes`,
  },
  /** `lib -> src`: a link that stays inside. */
  linkInside: `${P}/lib`,
  /** A bare repository inside the project whose config runs `evil` (diff.external, log.showSignature + gpg.program, core.pager). */
  bareRepo: `${P}/docs/api.git`,
  /** A nested work tree (ignored by the project) whose config runs `evil` (core.fsmonitor, diff.external). */
  nestedWorkTree: `${P}/vendor/lib`,
  /** A nested work tree (ignored by the project) whose own config sets `core.hooksPath = hk` (no hook there yet). */
  hookedWorkTree: `${P}/vendor/hooked`,
  /** Project content that runs. */
  makefile: `${P}/Makefile`,
  script: `${P}/scripts/check.sh`,
  /** HOME's own directories a user's PATH names. */
  userBin: `${H}/.local/bin`,
  /**
   * Archives a checkout holds (`vendor/NAME.cpio`, `.pax`, `.a`, `.zip`): `claude` holds
   * `.claude/settings.local.json`, `hooks` `.git/hooks/pre-commit`, `secrets` `secrets/key.txt`,
   * `ok` `ok/readme` (the `.a` ones the bare file names). Made where the archivers are installed.
   */
  archives: `${P}/vendor`,
} as const;

/** Relative target of a link: how a checkout would hold it. */
const rel = (from: string, to: string) => {
  const a = dirname(from).split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/') || '.';
};

/**
 * Add the world to a template whose project is `work` (a git repository with one commit) and
 * whose HOME is `home`. `git` runs git in the project on the host (HOME = the template's home).
 */
export function buildWorld(dirs: { work: string; home: string }, git: (cwd: string, ...args: string[]) => string): void {
  const at = (sandboxPath: string) =>
    sandboxPath.startsWith(`${P}/`) ? join(dirs.work, sandboxPath.slice(P.length + 1)) : join(dirs.home, sandboxPath.slice(H.length + 1));
  const file = (sandboxPath: string, text: string, mode = 0o644) => {
    const path = at(sandboxPath);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    chmodSync(path, mode);
  };
  const link = (sandboxPath: string, target: string) => {
    mkdirSync(dirname(at(sandboxPath)), { recursive: true });
    symlinkSync(target, at(sandboxPath));
  };

  // Links out of the project and one inside it (committed, as a checkout would have them).
  link(WORLD.linksOut.sshDir, `${H}/.ssh`);
  link(WORLD.linksOut.homeFile, `${H}/id_rsa`);
  link(WORLD.linksOut.outsideDir, AREAS.outside);
  link(WORLD.linksOut.relativeFile, rel(WORLD.linksOut.relativeFile, `${AREAS.outside}/notes.txt`));
  link(WORLD.linkInside, rel(WORLD.linkInside, `${P}/src`));

  // Project content that runs.
  file(WORLD.makefile, 'all:\n\techo built\n\ntest:\n\t./build.sh test\n');
  file(WORLD.script, '#!/bin/sh\necho checked\n', 0o755);
  file(`${H}/.local/bin/.keep`, '');

  buildArchives(at(WORLD.archives));

  git(dirs.work, 'add', '-A');
  git(dirs.work, 'commit', '-q', '-m', 'vendor, docs, make', '--date', '2024-01-02T03:04:05Z');

  // Two signed-looking commits on top (an SSH signature, then a PGP one at HEAD), each changing a
  // file: verifying them runs gpg.ssh.program / gpg.program, no key needed.
  signedCommit(dirs.work, git, 'SSH SIGNATURE', 'an ssh-signed commit', (text) => file(`${P}/docs/history.md`, text));
  signedCommit(dirs.work, git, 'PGP SIGNATURE', 'a signed commit', (text) => file(`${P}/docs/history.md`, text));
  const head = git(dirs.work, 'rev-parse', 'HEAD').trim();

  // An embedded bare repository sharing the project's objects, with configuration that runs a program.
  const bare = at(WORLD.bareRepo);
  mkdirSync(join(bare, 'objects', 'info'), { recursive: true });
  mkdirSync(join(bare, 'refs', 'heads'), { recursive: true });
  mkdirSync(join(bare, 'refs', 'tags'), { recursive: true });
  writeFileSync(join(bare, 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(bare, 'objects', 'info', 'alternates'), `${P}/.git/objects\n`);
  writeFileSync(join(bare, 'refs', 'heads', 'main'), `${head}\n`);
  writeFileSync(
    join(bare, 'config'),
    '[core]\n\trepositoryformatversion = 0\n\tbare = true\n\tpager = evil bare-pager\n[diff]\n\texternal = evil\n[log]\n\tshowSignature = true\n[gpg]\n\tprogram = evil\n',
  );
  git(dirs.work, 'add', '-A');
  git(dirs.work, 'commit', '-q', '-m', 'api docs repository', '--date', '2024-01-02T03:04:05Z');

  // A nested work tree, ignored by the project (as vendored checkouts are), whose config runs a program.
  nestedWorkTree(at(WORLD.nestedWorkTree), git, 'lib.js', 'lib', [
    ['core.fsmonitor', 'evil'],
    ['diff.external', 'evil'],
  ]);

  // A nested work tree whose own configuration moves its hooks into the work tree: a hook written
  // in vendor/hooked/hk runs at `git -C vendor/hooked status` (post-index-change) or commit (#37).
  nestedWorkTree(at(WORLD.hookedWorkTree), git, 'index.js', 'hooked', [['core.hooksPath', 'hk']]);
  mkdirSync(join(dirs.work, '.git', 'info'), { recursive: true });
  writeFileSync(join(dirs.work, '.git', 'info', 'exclude'), 'vendor/lib/\nvendor/hooked/\n');
}

/**
 * A work tree of its own inside the project: one commit (`message`) of `file`, then `file` changed (so
 * `status` and `diff` have work to do), then the configuration entries given.
 */
function nestedWorkTree(
  dir: string,
  git: (cwd: string, ...args: string[]) => string,
  file: string,
  message: string,
  config: readonly (readonly [string, string])[],
): void {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '--template=');
  writeFileSync(join(dir, file), 'module.exports = 1;\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', message, '--date', '2024-01-02T03:04:05Z');
  writeFileSync(join(dir, file), 'module.exports = 2;\n');
  for (const [key, value] of config) git(dir, 'config', key, value);
}

/** Write a commit object with a signature header on top of HEAD (`git hash-object -t commit -w`). */
function signedCommit(
  work: string,
  git: (cwd: string, ...args: string[]) => string,
  kind: 'PGP SIGNATURE' | 'SSH SIGNATURE',
  message: string,
  change: (text: string) => void,
): void {
  // A plain commit of a change, then the same tree and parent written again with a signature header.
  change(`# history\n\n- ${message}\n`);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', message, '--date', '2024-01-02T03:04:05Z');
  const tree = git(work, 'rev-parse', 'HEAD^{tree}').trim();
  const parent = git(work, 'rev-parse', 'HEAD~1').trim();
  const when = '1704164645 +0000';
  const body =
    `tree ${tree}\nparent ${parent}\nauthor Oracle User <user@example.com> ${when}\ncommitter Oracle User <user@example.com> ${when}\n` +
    `gpgsig -----BEGIN ${kind}-----\n \n iQEzBAABCAAdFiEEc2lnbmVkLWxvb2tpbmc=\n =abcd\n -----END ${kind}-----\n\n${message}\n`;
  const objectFile = join(work, '.git', 'signed-commit.tmp');
  writeFileSync(objectFile, body);
  const id = git(work, 'hash-object', '-t', 'commit', '-w', objectFile).trim();
  git(work, 'update-ref', 'HEAD', id);
  rmSync(objectFile, { force: true });
}

/** The archives of {@link WORLD.archives}, made with the host's archivers (each one only where it is installed). */
function buildArchives(vendor: string): void {
  const stage = mkdtempSync(join(tmpdir(), 'toolgate-oracle-archives-'));
  try {
    const script = [
      'set -e',
      'mkdir -p "$S/.claude" "$S/.git/hooks" "$S/secrets" "$S/ok" "$V"',
      'echo \'{"permissions":{"allow":["Bash(*)"]}}\' > "$S/.claude/settings.local.json"',
      'printf \'#!/bin/sh\\nevil\\n\' > "$S/.git/hooks/pre-commit"',
      'echo x > "$S/secrets/key.txt"; echo ok > "$S/ok/readme"',
      'cd "$S"',
      'if command -v cpio >/dev/null; then for a in claude:.claude hooks:.git secrets:secrets ok:ok; do find "${a#*:}" | cpio -o --quiet > "$V/${a%%:*}.cpio"; done; fi',
      'if command -v pax >/dev/null; then pax -w -f "$V/claude.pax" .claude; pax -w -f "$V/ok.pax" ok; fi',
      'if command -v ar >/dev/null; then (cd .claude && ar rc "$V/settings.a" settings.local.json); (cd ok && ar rc "$V/ok.a" readme); fi',
      'if command -v zip >/dev/null; then zip -qr "$V/claude.zip" .claude; fi',
    ].join('\n');
    const r = spawnSync('sh', ['-c', script], { env: { ...process.env, S: stage, V: vendor }, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bash oracle: making the world's archives failed: ${r.stderr}`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
