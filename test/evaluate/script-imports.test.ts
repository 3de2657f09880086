/**
 * What a hook's script loads beside itself (decision 0127; red team 24, RT24-E addendum: a
 * planted `hooks/json.py` answered the next call of a `python3 hooks/guard.py` hook).
 */
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { nodeImports, pythonModuleIn, scriptLanguage, shellSources } from '../../src/evaluate/script-imports.js';

const P = '/home/user/project';
const view = (files: Record<string, string>) =>
  caseFsView({ [P]: 'directory', ...files }, { cwd: P, home: '/home/user', platform: 'linux' });

describe('scriptLanguage', () => {
  it('by extension, by #! line, else by the interpreter named before it; never the interpreter itself', () => {
    const v = view({ [`${P}/bin/check`]: 'text: #!/usr/bin/env python3\nimport x\n' });
    expect(scriptLanguage(`${P}/hooks/guard.py`, 'python3 hooks/guard.py', v)).toBe('python-script');
    expect(scriptLanguage(`${P}/bin/check`, 'bin/check', v)).toBe('python-script');
    expect(scriptLanguage(`${P}/x.mjs`, 'node x.mjs', v)).toBe('node-script');
    expect(scriptLanguage(`${P}/x.sh`, 'x.sh', v)).toBe('shell-script');
    expect(scriptLanguage('/usr/bin/python3', '/usr/bin/python3 hooks/guard.py', v)).toBeUndefined();
    expect(scriptLanguage(`${P}/tool`, 'bash tool', v)).toBe('shell-script');
  });
});

describe('pythonModuleIn', () => {
  const v = view({ [`${P}/hooks/README`]: 'file', [`${P}/hooks/lib`]: 'directory' });
  it('a module file anywhere under the folder, __pycache__, and a name that may become a package are the script code', () => {
    for (const p of [
      'hooks/json.py',
      'hooks/rules.cpython-311.so',
      'hooks/__pycache__/rules.cpython-311.pyc',
      'hooks/lib/x.py',
      'hooks/json',
      'hooks/lib',
    ])
      expect([p, pythonModuleIn(`${P}/${p}`, `${P}/hooks`, v)]).toEqual([p, true]);
  });
  it('other files in it, and the folder itself, are not', () => {
    for (const p of ['hooks/notes.md', 'hooks/README', 'hooks/data/x.json', 'hooks', 'src/json.py'])
      expect([p, pythonModuleIn(`${P}/${p}`, `${P}/hooks`, v)]).toEqual([p, false]);
  });
});

describe('nodeImports', () => {
  it("follows relative require/import through the view, and names the node_modules places of bare names (not Node's own)", () => {
    const v = view({
      [`${P}/scripts/guard.mjs`]: `text: import { a } from './lib/a.js';\nimport fs from 'node:fs';\nimport path from 'path';\nconst b = await import('./b');\nimport 'left-pad';\n`,
      [`${P}/scripts/lib/a.js`]: `text: const c = require('../c');\nexport { a } from "./d.mjs";\n`,
      [`${P}/scripts/b.js`]: 'text: x',
      [`${P}/scripts/c`]: 'directory',
      [`${P}/scripts/c/index.js`]: 'text: x',
      [`${P}/node_modules/left-pad`]: 'directory',
    });
    expect(nodeImports(`${P}/scripts/guard.mjs`, v).sort()).toEqual(
      [
        `${P}/scripts/lib/a.js`,
        `${P}/scripts/b.js`,
        `${P}/scripts/c`,
        `${P}/scripts/c/index.js`,
        `${P}/scripts/lib/d.mjs`,
        ...['.js', '.json', '.node', '.mjs', '.cjs', '.ts'].map((e) => `${P}/scripts/lib/d.mjs${e}`),
        `${P}/scripts/node_modules/left-pad`,
        `${P}/node_modules/left-pad`,
      ].sort(),
    );
  });
});

describe('shellSources', () => {
  it("a literal operand is relative to the project; one spelled from the script's folder is in that folder", () => {
    const v = view({
      [`${P}/scripts/hook.sh`]: `text: #!/bin/sh\n. "$(dirname "$0")/lib.sh"\nsource \${BASH_SOURCE%/*}/more.sh\nsource conf/env.sh\n. "$HOME/x.sh"\n[ -f a ] && . ./b.sh\n`,
    });
    expect(shellSources(`${P}/scripts/hook.sh`, P, v).sort()).toEqual(
      [`${P}/scripts/lib.sh`, `${P}/scripts/more.sh`, `${P}/conf/env.sh`, `${P}/b.sh`].sort(),
    );
  });
});
