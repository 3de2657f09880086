import { describe, expect, it } from 'vitest';
import type { GitConfigEntry } from '../../../../src/shell/programs/git/config-file.js';
import { COMMAND_KEY_GROUPS, PAGER_KEYS } from '../../../../src/shell/programs/git/command-keys.js';
import { EVERY_READ } from '../../../../src/shell/programs/git/config-kinds.js';
import { programKeys } from '../../../../src/shell/programs/git/config-reads.js';
import {
  given,
  reachesRemote,
  signingProgram,
  signingProgramByName,
  signs,
  signsBy,
  startsEditor,
} from '../../../../src/shell/programs/git/config-forms.js';
import { submoduleConfigSub } from '../../../../src/shell/programs/git/hooks.js';

const config = (pairs: Record<string, string | null>): Map<string, GitConfigEntry> =>
  new Map(Object.entries(pairs).map(([key, value]) => [key, { key, value }]));
const entries = (pairs: Record<string, string | null>): GitConfigEntry[] => [...config(pairs).values()];
const none = config({});

describe('the key groups the command line and the configuration files share (red team 23 RT23-A)', () => {
  // One sample per key pattern of each group: a file's key is read by some kind, as `-c` reads it.
  const samples = [
    'core.editor',
    'sequence.editor',
    'gpg.program',
    'gpg.ssh.program',
    'gpg.ssh.defaultkeycommand',
    'core.sshcommand',
    'core.gitproxy',
    'core.askpass',
    'remote.up.uploadpack',
    'remote.up.receivepack',
    'credential.helper',
    'credential.https://example.com.helper',
    'trailer.sign.command',
    'trailer.sign.cmd',
    'browser.x.cmd',
    'man.x.path',
    'web.browser',
    'mergetool.x.cmd',
    'difftool.x.path',
    'interactive.difffilter',
    'core.fsmonitor',
    'diff.external',
    'diff.x.textconv',
    'merge.x.driver',
    'filter.x.smudge',
  ];
  it.each(samples)('%s is a command key and a kind of every subcommand reads it', (key) => {
    expect(COMMAND_KEY_GROUPS.some((g) => g.test(key))).toBe(true);
    expect(EVERY_READ.config.some((k) => k.key.test(key))).toBe(true);
  });
  it('leaves out only the pager, which starts at a terminal', () => {
    expect(EVERY_READ.config.some((k) => k.key.test('core.pager') || k.key.test('pager.log'))).toBe(false);
    expect(PAGER_KEYS.test('pager.log')).toBe(true);
  });
});

describe('the forms that start the editor (git 2.39.5: no terminal needed)', () => {
  it.each([
    ['commit', ['--allow-empty']],
    ['commit', ['--amend']],
    ['commit', ['-m', 'x', '-e']],
    ['commit', ['-c', 'HEAD']],
    ['tag', ['-a', 'v3']],
    ['tag', ['-s', 'v4']],
    ['notes', ['add']],
    ['notes', ['edit']],
    ['add', ['-e']],
    ['add', ['-p']],
    ['merge', ['--edit', 'feat']],
    ['merge', ['-e', 'feat']],
    ['rebase', ['-i', 'HEAD~2']],
    ['config', ['--edit']],
  ] as const)('git %s %j starts it', (sub, words) => {
    expect(startsEditor(sub, words, none)).toBe(true);
  });
  it.each([
    ['commit', ['-m', 'x']],
    ['commit', ['-am', 'x']],
    ['commit', ['--allow-empty', '--message=x']],
    ['commit', ['-F', 'msg.txt']],
    ['commit', ['-C', 'HEAD']],
    ['commit', ['--amend', '--no-edit']],
    ['tag', ['v1']],
    ['tag', ['-a', '-m', 'x', 'v1']],
    ['tag', ['-l']],
    ['tag', []],
    ['notes', ['add', '-m', 'x']],
    ['notes', ['list']],
    ['merge', ['feat']],
    ['merge', ['--no-edit', 'feat']],
    ['rebase', ['feat']],
    ['status', []],
    ['log', []],
  ] as const)('git %s %j does not', (sub, words) => {
    expect(startsEditor(sub, words, none)).toBe(false);
  });
  it('tag.gpgSign makes a tag without -m start it', () => {
    expect(startsEditor('tag', ['v1'], config({ 'tag.gpgsign': 'true' }))).toBe(true);
  });
});

describe('the forms that sign or verify', () => {
  it.each([
    ['commit', ['-S', '-m', 'x'], {}],
    ['commit', ['--gpg-sign=KEY', '-m', 'x'], {}],
    ['commit', ['-m', 'x'], { 'commit.gpgsign': 'true' }],
    ['merge', ['feat'], { 'commit.gpgsign': 'true' }],
    ['rebase', ['feat'], { 'commit.gpgsign': 'true' }],
    ['tag', ['-s', '-m', 'x', 'v2'], {}],
    ['tag', ['-v', 'v2'], {}],
    ['tag', ['v1'], { 'tag.gpgsign': 'true' }],
    ['verify-commit', ['HEAD'], {}],
    ['commit-tree', ['-S', '-m', 'x', 'HEAD^{tree}'], {}],
    ['push', ['--signed', 'origin'], {}],
  ] as const)('git %s %j with %j signs', (sub, words, pairs) => {
    expect(signs(sub, words, config(pairs))).toBe(true);
  });
  it.each([
    ['commit', ['-m', 'x'], {}],
    ['commit', ['--no-gpg-sign', '-m', 'x'], { 'commit.gpgsign': 'true' }],
    ['merge', ['feat'], {}],
    ['tag', ['v1'], { 'commit.gpgsign': 'true' }],
    ['tag', ['-l'], { 'tag.gpgsign': 'true' }],
    ['status', [], { 'commit.gpgsign': 'true' }],
  ] as const)('git %s %j with %j does not', (sub, words, pairs) => {
    expect(signs(sub, words, config(pairs))).toBe(false);
  });
  it('verifies with --show-signature', () => {
    expect(signs('log', ['--show-signature', '-1'], none)).toBe(true);
  });
  it('names the key that makes a form sign: commit.gpgSign for commits, tag.gpgSign for tags', () => {
    expect(signsBy('commit.gpgsign', 'merge', ['feat'])).toBe(true);
    expect(signsBy('commit.gpgsign', 'tag', ['-s', 'v1'])).toBe(false);
    expect(signsBy('tag.gpgsign', 'tag', ['v1'])).toBe(true);
    expect(signsBy('tag.gpgsign', 'tag', ['-l'])).toBe(false);
    expect(signsBy('push.gpgsign', 'push', ['--no-signed'])).toBe(false);
  });
  it("starts the format's program: gpg.program, else gpg (gpgsm for x509, ssh-keygen for ssh)", () => {
    expect(signingProgram(none)).toEqual({ program: 'gpg' });
    expect(signingProgram(config({ 'gpg.program': './x.sh' }))).toEqual({ key: 'gpg.program', program: './x.sh' });
    expect(signingProgram(config({ 'gpg.format': 'ssh', 'gpg.program': './x.sh' }))).toEqual({ program: 'ssh-keygen' });
    expect(signingProgram(config({ 'gpg.format': 'x509' }))).toEqual({ program: 'gpgsm' });
  });
});

describe('the signing programs git starts by their names (judged as running them, precision24)', () => {
  it.each([
    ['gpg', 'gpg'],
    [' gpg2 ', 'gpg2'],
    ['gpgsm', 'gpgsm'],
    ['ssh-keygen', 'ssh-keygen'],
    // A path, other words or another program is what the configuration chose: opaque code as before.
    ['./sign.sh', undefined],
    ['/usr/bin/gpg', undefined],
    ['gpg --homedir ./g', undefined],
    ['mysigner', undefined],
  ])('%j -> %s', (script, name) => {
    expect(signingProgramByName(script)).toBe(name);
  });
});

describe('what the configuration files make a form run (programKeys)', () => {
  it('reads core.editor for git commit without -m, not with it', () => {
    const e = entries({ 'core.editor': './x.sh' });
    expect(programKeys('commit', e, false, ['--allow-empty']).map((k) => k.entry.key)).toEqual(['core.editor']);
    expect(programKeys('commit', e, false, ['-m', 'x'])).toEqual([]);
  });
  it('reads commit.gpgSign and gpg.program for a commit, not for git status', () => {
    const e = entries({ 'commit.gpgsign': 'true', 'gpg.program': './x.sh' });
    expect(programKeys('commit', e, false, ['-m', 'x']).map((k) => k.entry.key)).toEqual(['commit.gpgsign', 'gpg.program']);
    expect(programKeys('status', e, false, [])).toEqual([]);
  });
  it("reads a remote's programs for git fetch and git remote show, not for git remote -v", () => {
    const e = entries({ 'remote.up.uploadpack': './x.sh', 'core.sshcommand': './x.sh' });
    expect(programKeys('fetch', e, false, ['up'])).toHaveLength(2);
    expect(programKeys('remote', e, false, ['show', 'up'])).toHaveLength(2);
    expect(programKeys('remote', e, false, ['-v'])).toEqual([]);
    expect(reachesRemote('remote', ['add', '-f', 'up', '/x'])).toBe(true);
  });
  it('reads man and browser commands for git help', () => {
    expect(programKeys('help', entries({ 'man.x.cmd': './x.sh' }), false, ['-m', 'log'])).toHaveLength(1);
  });
});

describe('the subcommand git runs in each submodule it visits (red team 23 RT23-C)', () => {
  it.each([
    ['status', [], false, 'status'],
    ['diff', ['--stat'], false, 'status'],
    ['status', ['--ignore-submodules'], false, undefined],
    ['ls-files', ['--recurse-submodules'], false, 'ls-files'],
    ['ls-files', [], false, undefined],
    ['grep', ['--recurse-submodules', 'o'], false, 'grep'],
    ['grep', ['o'], true, 'grep'],
    ['grep', ['o'], false, undefined],
    ['log', [], false, undefined],
  ] as const)('git %s %j (submodule.recurse %s): %s', (sub, words, recurse, visit) => {
    expect(submoduleConfigSub(sub, words, recurse)).toBe(visit);
  });
});

describe('given', () => {
  it('reads clusters, values and prefixes as git parse-options does', () => {
    expect(given(['-am', 'x'], ['message'], 'm', 'F')).toBe(true);
    expect(given(['-uno'], ['message'], 'm', 'u')).toBe(false);
    expect(given(['--mess=x'], ['message'])).toBe(true);
    expect(given(['--', '-m'], ['message'], 'm')).toBe(false);
  });
});
