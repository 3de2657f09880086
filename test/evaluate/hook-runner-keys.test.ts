/**
 * A package.json edit is a protected write only when a key that tells git hooks what to run
 * changes, as far as the file-system view shows; what cannot be known counts as a change.
 */
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { hookRunnerKeyChange, isPackageJson } from '../../src/evaluate/hook-runner-keys.js';

const P = '/home/user/project';
const PKG = `${P}/package.json`;
const text = JSON.stringify(
  { name: 'app', version: '1.0.0', 'lint-staged': { '*.js': 'eslint --fix' }, config: { ghooks: { 'pre-commit': 'npm test' } } },
  null,
  2,
);
const view = caseFsView({ [PKG]: `text: ${text}` }, { cwd: P, home: '/home/user', platform: 'linux' });
const edit = (old_string: string, new_string: string, replace_all?: boolean) => ({
  file_path: PKG,
  old_string,
  new_string,
  ...(replace_all !== undefined ? { replace_all } : {}),
});

describe('hook-runner keys of package.json', () => {
  it('names package.json files only', () => {
    expect([PKG, `${P}/packages/a/package.json`, 'package.json'].map(isPackageJson)).toEqual([true, true, true]);
    expect([`${P}/package.json5`, `${P}/my-package.json`, `${P}/package.jsonc`].map(isPackageJson)).toEqual([false, false, false]);
  });

  it('an edit outside the keys is no change; one inside them (lint-staged, config.ghooks) is', () => {
    expect(hookRunnerKeyChange(PKG, 'Edit', edit('"1.0.0"', '"1.0.1"'), view)).toBeUndefined();
    expect(hookRunnerKeyChange(PKG, 'Edit', edit('eslint --fix', 'sh x.sh'), view)).toContain('this write changes them');
    expect(hookRunnerKeyChange(PKG, 'Edit', edit('npm test', 'sh x.sh'), view)).toContain('this write changes them');
    expect(
      hookRunnerKeyChange(PKG, 'MultiEdit', { file_path: PKG, edits: [edit('"1.0.0"', '"2.0.0"'), edit('"app"', '"web"')] }, view),
    ).toBeUndefined();
    expect(
      hookRunnerKeyChange(PKG, 'MultiEdit', { file_path: PKG, edits: [edit('"1.0.0"', '"2.0.0"'), edit('eslint', 'sh')] }, view),
    ).toContain('changes them');
  });

  it('what cannot be known counts as a change: an edit that would not apply exactly, no text, no JSON', () => {
    expect(hookRunnerKeyChange(PKG, 'Edit', edit('"', "'"), view)).toContain('cannot tell');
    expect(hookRunnerKeyChange(PKG, 'Edit', edit('absent text', 'x'), view)).toContain('cannot tell');
    expect(hookRunnerKeyChange(PKG, 'Edit', edit('"1.0.0"', '"1.0.1"'), undefined)).toContain('cannot tell');
    expect(hookRunnerKeyChange(PKG, 'Bash', {}, view)).toContain('cannot tell');
    expect(hookRunnerKeyChange(PKG, 'Write', { file_path: PKG, content: '{ not json' }, view)).toContain('no JSON object after');
    // replace_all applies everywhere: the quote edit is then known (and changes the keys' text).
    expect(hookRunnerKeyChange(PKG, 'Edit', edit('  ', '    ', true), view)).toBeUndefined();
  });

  it('a new package.json is compared with none', () => {
    const empty = caseFsView({ [PKG]: 'absent' }, { cwd: P, home: '/home/user', platform: 'linux' });
    expect(hookRunnerKeyChange(PKG, 'Write', { file_path: PKG, content: '{"name":"b"}' }, empty)).toBeUndefined();
    expect(
      hookRunnerKeyChange(PKG, 'Write', { file_path: PKG, content: '{"name":"b","simple-git-hooks":{"pre-commit":"x"}}' }, empty),
    ).toContain('changes them');
  });
});
