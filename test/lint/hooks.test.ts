import { describe, expect, it } from 'vitest';
import { scriptOf } from '../../src/lint/hooks.js';

const env = { home: '/home/user', projectDir: '/work/project' };

describe("a hook command's script", () => {
  it('is the word after an interpreter or shell the program models know', () => {
    expect(scriptOf('php ./hooks/check.php', env)).toEqual({ path: '/work/project/hooks/check.php', direct: false });
    expect(scriptOf('/usr/bin/python2 -u ./hooks/a.py', env)).toEqual({ path: '/work/project/hooks/a.py', direct: false });
    expect(scriptOf('dash ./hooks/a.sh', env)).toEqual({ path: '/work/project/hooks/a.sh', direct: false });
  });
  it('is the first word when no interpreter starts it', () => {
    expect(scriptOf('./hooks/a.sh --fast', env)).toEqual({ path: '/work/project/hooks/a.sh', direct: true });
  });
});
