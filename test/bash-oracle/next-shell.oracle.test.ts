/**
 * The next terminal (decision 0169): after a call, the oracle starts the shells a new terminal
 * starts and sees what they ran. Every HOME shape of the `startup-files` family is checked live:
 * alone it runs nothing the judge counts; with the payload at a target the shape runs, the next
 * shell runs the canary program; at a target it misses, it does not. Needs root and namespaces.
 */
import { expect, it } from 'vitest';
import { describeWithOracle, nextShellViolations, type OracleRun, type RunResult } from '../support/bash-oracle/index.js';
import { PAYLOAD_LINES, STARTUP_SHAPES } from '../support/bash-fuzz/startup-families.js';

const ran = (r: RunResult): OracleRun => {
  if (r.status !== 'ran') throw new Error(`not run: ${r.reason}`);
  return r;
};
const ranEvil = (r: OracleRun) => r.execs.some((e) => e.path.endsWith('/evil'));

describeWithOracle('bash oracle: the next terminal', (oracle) => {
  it('starts bash -i, bash -l, zsh -l and sh -l with the world’s HOME, and judges what a call put there', () => {
    const files = [
      { path: '/home/user/.bashrc', text: '[ -f ~/.aliases ] && . ~/.aliases\n' },
      { path: '/home/user/.aliases', text: 'true\n' },
    ];
    const s = oracle().session(undefined, undefined, files);
    try {
      const before = ran(s.nextShell());
      // bash twice, zsh and sh (dash), each as a login or interactive shell (the runner's own sh is not listed).
      const started = before.execs
        .filter((e) => ['bash', 'zsh', 'sh'].includes(e.path.split('/').pop()!))
        .map((e) => e.argv.slice(1, 3).join(' '));
      expect(started).toEqual(['-i -c', '-l -i', '-l -i', '-l -i']);
      expect(ranEvil(before)).toBe(false);
      const call = ran(s.run({ command: "printf 'evil x\\n' >> ~/.aliases" }));
      const next = ran(s.nextShell());
      expect(ranEvil(next)).toBe(true);
      const v = nextShellViolations(call, next);
      expect(v.map((x) => x.kind)).toEqual(['next-shell-ran']);
      expect(v[0]!.evidence).toContain('evil');
    } finally {
      s.close();
    }
  });

  it('runs the payload at every target a HOME shape runs, and nothing at the ones it misses', () => {
    const wrong: string[] = [];
    for (const shape of STARTUP_SHAPES) {
      for (const target of shape.targets) {
        // Written by a shell in the sandbox, so a link the shape holds is written through, as a call would.
        const lines = PAYLOAD_LINES[target.kind].map((l) => `'${l}'`).join(' ');
        const s = oracle().session(undefined, undefined, shape.files);
        try {
          ran(
            s.run({
              command: `mkdir -p "$(dirname ${target.path})" && printf '%s\\n' ${lines} > ${target.path} && chmod 755 ${target.path}`,
            }),
          );
          const next = ran(s.nextShell());
          if (ranEvil(next) === (target.miss === true))
            wrong.push(`${shape.name} → ${target.path}: ${target.miss ? 'ran though it misses' : 'did not run'}`);
        } finally {
          s.close();
        }
      }
      const alone = oracle().session(undefined, undefined, shape.files);
      try {
        const next = ran(alone.nextShell());
        if (nextShellViolations({ ...next, changes: [] }, next).length > 0) wrong.push(`${shape.name}: runs a stub alone`);
      } finally {
        alone.close();
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});
