/**
 * A file command acceptEdits would approve but for where it writes says where it really writes:
 * through a linked folder that leads outside the project, the path outside and the link.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';
import { environmentFromProcess } from '../../src/evaluate/door/environment.js';

const H = '/home/user';
const P = `${H}/project`;
const view = () =>
  createMemoryFileSystem({
    [`${P}/README.md`]: 'hello\n',
    [`${P}/src/index.js`]: 'x\n',
    [`${P}/vendor/out`]: { symlink: '/srv/outside' },
    '/srv/outside/secret.txt': 's\n',
  }).view();
const decide = (command: string) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode: 'acceptEdits',
      policy: policyFromObjects([{ kind: 'inline', settings: {} }]),
      cwd: P,
      home: H,
      fs: view(),
      environment: environmentFromProcess({ PATH: '/usr/bin:/bin', HOME: H }),
    },
  );

beforeAll(async () => {
  await prepare();
});

describe('acceptEdits file commands that write outside the working directories', () => {
  it.each(['mv README.md vendor/out/', 'cp README.md vendor/out/'])('%s asks, naming the folder outside and the link', (command) => {
    const d = decide(command);
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toContain('/srv/outside (vendor/out/ leads there through a symbolic link), outside the working directories');
    expect(d.reason.message).not.toContain('not a read-only command');
  });

  it('cp README.md /srv/outside/x asks, naming the path outside', () => {
    const d = decide('cp README.md /srv/outside/x');
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toContain('writes to /srv/outside/x, outside the working directories');
  });

  it('cp README.md src/ stays allowed', () => {
    expect(decide('cp README.md src/').behavior).toBe('allow');
  });
});
