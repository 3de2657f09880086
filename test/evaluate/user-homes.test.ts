/** `~NAME`'s home (decision 0170): bash 5.2 and zsh 5.9 expanded `~root/x` to `/root/x` with HOME a sandbox. */
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { passwdHome, tildeUser } from '../../src/evaluate/user-homes.js';

describe('user homes', () => {
  it('reads a ~NAME word and the home /etc/passwd gives NAME', () => {
    expect(tildeUser('~alice/bin/x.sh')).toEqual({ name: 'alice', rest: '/bin/x.sh' });
    expect(tildeUser('~alice')).toEqual({ name: 'alice', rest: '' });
    expect(tildeUser('~/bin/x.sh')).toBeUndefined();
    expect(tildeUser('~+/x')).toBeUndefined();
    const view = caseFsView(
      { '/etc': 'directory', '/etc/passwd': 'text: root:x:0:0:root:/root:/bin/bash\nalice:x:1001:1001::/home/alice/:/bin/sh\nbad:x:1\n' },
      { cwd: '/', home: '/root', platform: 'linux' },
    );
    expect(passwdHome('alice', view)).toBe('/home/alice');
    expect(passwdHome('root', view)).toBe('/root');
    expect(passwdHome('bob', view)).toBeUndefined();
    expect(passwdHome('bad', view)).toBeUndefined();
    expect(passwdHome('root', undefined)).toBeUndefined();
  });
});
