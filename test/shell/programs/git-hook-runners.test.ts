/** Git-hook runners' configuration read as the commands they run (red team 27 RT27-F; each form ran at `git commit`). */
import { describe, expect, it } from 'vitest';
import { hookRunnerOf } from '../../../src/shell/programs/git-hook-runners.js';

describe('hookRunnerOf', () => {
  it('finds pre-commit as its installed hook runs it, and its local hooks\' entries', () => {
    const r = hookRunnerOf(['$INSTALL_PYTHON', '-mpre_commit', '${ARGS[@]}']);
    expect(r?.configs).toEqual(['.pre-commit-config.yaml']);
    const config = 'repos:\n- repo: local\n  hooks:\n  - id: x\n    entry: sh scripts/x.sh\n    language: system\n- repo: https://example.invalid/r\n  rev: v1\n  hooks:\n  - id: y\n';
    expect(r?.commands(config, '.pre-commit-config.yaml')).toEqual(['sh scripts/x.sh']);
    expect(hookRunnerOf(['pre-commit', 'run', '--config', 'ci.yaml'])?.configs).toEqual(['ci.yaml']);
    expect(hookRunnerOf(['pre-commit', 'install'])).toBeUndefined();
    // Outside the YAML subset (a tab): its `entry:` lines.
    expect(r?.commands('repos:\n- repo: local\n  hooks:\n\t- entry: "scripts/x.sh"\n', 'c')).toEqual(['scripts/x.sh']);
  });

  it("reads lefthook's commands, jobs and scripts of the hook it runs", () => {
    const r = hookRunnerOf(['lefthook', 'run', 'pre-commit']);
    const text = 'pre-commit:\n  commands:\n    a:\n      run: sh a.sh\n  jobs:\n    - run: sh b.sh\n  scripts:\n    c.sh:\n      runner: bash\npre-push:\n  commands:\n    d:\n      run: sh d.sh\n';
    expect(r?.commands(text, 'lefthook.yml')).toEqual(['sh a.sh', 'sh b.sh']);
    expect(r?.scripts?.(text)).toEqual(['.lefthook/pre-commit/c.sh']);
  });

  it("reads lint-staged's tasks from package.json and its rc files", () => {
    const r = hookRunnerOf(['lint-staged']);
    expect(r?.commands('{"name":"p","lint-staged":{"*.js":["eslint --fix","sh x.sh"]}}', '/p/package.json')).toEqual(['eslint --fix', 'sh x.sh']);
    expect(r?.commands('"*": sh x.sh\n', '/p/.lintstagedrc')).toEqual(['sh x.sh']);
    expect(r?.commands('{', '/p/.lintstagedrc.json')).toBeUndefined();
  });
});
