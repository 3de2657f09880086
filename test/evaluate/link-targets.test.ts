/**
 * A settings file that is a link is written through its target too: the target of every file the
 * policy was read from (managed settings, `--settings` files) is protected, found through the
 * file-system view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { linkedSettings, linkTargetWrite } from '../../src/evaluate/link-targets.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const H = '/home/user';
const EXTRA = `${H}/.config/toolgate/extra.json`;
const TARGET = `${H}/dotfiles/toolgate/extra.json`;

beforeAll(async () => {
  await prepare();
});

describe('settings files that are links', () => {
  const policy = policyFromObjects([{ kind: 'cli', file: EXTRA, settings: { permissions: { deny: ['Bash(git push *)'] } } }]);
  const fs = caseFsView(
    { [EXTRA]: `symlink -> ${TARGET}`, [TARGET]: 'file', [`${P}/README.md`]: 'file' },
    { cwd: P, home: H, platform: 'linux' },
  );

  it('names the targets of the files the policy was read from, and nothing without a view', () => {
    expect(linkedSettings(policy, P, H, fs)).toEqual([{ name: EXTRA, target: TARGET }]);
    expect(linkedSettings(policy, P, H, undefined)).toEqual([]);
  });

  it('a write to a target, or inside a linked folder, is a settings write; a neighbour is not', () => {
    const linked = [
      { name: EXTRA, target: TARGET },
      { name: `${P}/.claude`, target: `${P}/shared/claude` },
    ];
    expect(linkTargetWrite(TARGET, undefined, linked)).toContain('is a link to');
    expect(linkTargetWrite(`${P}/shared/claude/agents/a.md`, undefined, linked)).toContain('inside the target');
    expect(linkTargetWrite(`${P}/x.json`, TARGET, linked)).toContain('is a link to');
    expect(linkTargetWrite(`${P}/shared/claudex/a.md`, undefined, linked)).toBeUndefined();
    expect(linkTargetWrite(`${H}/dotfiles/toolgate/other.json`, undefined, linked)).toBeUndefined();
  });

  it("bypassPermissions: writing the target of a --settings file that is a link is held (red team: it removed the file's deny rules)", () => {
    for (const call of [
      { tool: 'Write', input: { file_path: TARGET, content: '{}' } },
      { tool: 'Bash', input: { command: `echo '{}' > ${TARGET}` } },
    ]) {
      const d = evaluate(call, { mode: 'bypassPermissions', policy, cwd: P, home: H, projectDir: P, workingDirectories: [P], fs });
      expect([call.tool, d.behavior, d.askKind]).toEqual([call.tool, 'ask', 'protected']);
    }
  });
});
