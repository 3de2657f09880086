/**
 * One call's look at the view (evaluate/link-look.ts): each question asked once, and a listing
 * already read answers for a name that is not in it — only where no other spelling of the name
 * could be the entry (letter case, `.`/`..`, a trailing dot or space).
 */
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import { linkLook } from '../../src/evaluate/link-look.js';

const P = '/home/user/project';
const H = '/home/user';

function counted(view: ReadonlyFsView): { view: ReadonlyFsView; asked: string[] } {
  const asked: string[] = [];
  const wrap = { ...view };
  for (const k of ['realpath', 'list', 'isSymlink', 'isDirectory'] as const) {
    const f = view[k] as ((p: string) => unknown) | undefined;
    if (f !== undefined) (wrap as Record<string, unknown>)[k] = (p: string) => (asked.push(`${k} ${p}`), f.call(view, p));
  }
  return { view: wrap, asked };
}

describe('linkLook', () => {
  const base = caseFsView(
    {
      [`${P}/.env.local`]: `symlink -> ${H}/shared/env`,
      [`${H}/shared/env`]: 'file',
      [`${P}/.git/config`]: 'file',
      [`${P}/README.md`]: 'file',
    },
    { cwd: P, home: H, platform: 'linux' },
  );

  it('asks each path once, and reads the links inside a folder with where they lead', () => {
    const { view, asked } = counted(base);
    const look = linkLook(view);
    expect(look.realpath(P)).toBe(P);
    expect(look.realpath(P)).toBe(P);
    expect(look.linksIn(P)).toEqual([{ entry: '.env.local', name: `${P}/.env.local`, target: `${H}/shared/env` }]);
    expect(look.linksIn(P, (e) => e.startsWith('.env'))).toHaveLength(1);
    expect(asked.filter((a) => a === `realpath ${P}`)).toHaveLength(1);
    expect(asked.filter((a) => a.startsWith('list '))).toEqual([`list ${P}`]);
  });

  it('takes a name missing from its folder listing as absent, without asking the view', () => {
    const { view, asked } = counted(base);
    const look = linkLook(view);
    look.realpath(P);
    look.list(P);
    expect(look.realpath(`${P}/.env`)).toBeUndefined();
    expect(look.realpath(`${P}/secrets`)).toBeUndefined();
    expect(asked).not.toContain(`realpath ${P}/.env`);
    expect(asked).not.toContain(`realpath ${P}/secrets`);
    // Listed names, other spellings and names no listing shows are asked.
    expect(look.realpath(`${P}/.git/config`)).toBe(`${P}/.git/config`);
    for (const name of ['.GIT', '..', '.', 'README.md.', 'x ', 'é']) look.realpath(`${P}/${name}`);
    for (const name of ['.git/config', '.GIT', '..', '.', 'README.md.', 'x ', 'é']) expect(asked).toContain(`realpath ${P}/${name}`);
  });
});
