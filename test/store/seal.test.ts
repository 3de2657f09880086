import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDefaultStore, makeSealedStore, seal, sealFile } from '../../src/store/sqlite/seal.js';
import { openSqliteStore, StoreOpenError } from '../../src/store/index.js';

const root = mkdtempSync(join(tmpdir(), 'toolgate-seal-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A fresh state directory (mode 0700) and the store path in it. */
function place(): { dir: string; file: string } {
  const dir = join(root, `state-${++n}`, 'toolgate');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { dir, file: join(dir, 'toolgate.db') };
}

/** A store as a program would plant it: a real SQLite store holding a grant nobody gave. */
async function plant(file: string): Promise<void> {
  const s = await openSqliteStore({ file });
  await s.recordGrant({ id: 'grant_forged', scope: 'user', projectDir: '/p', rule: 'Bash(curl *)', grantedBy: 'token', createdAt: 1 });
  await s.close();
}

const refusal = (file: string): string => {
  try {
    checkDefaultStore(file);
  } catch (e) {
    expect(e).toBeInstanceOf(StoreOpenError);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
};

describe("serve's default SQLite store is used only if serve made it (decision 0073)", () => {
  it('makes a new store where there is none, seals it, and finds it its own again', async () => {
    const { file } = place();
    expect(checkDefaultStore(file)).toEqual({ kind: 'absent' });
    makeSealedStore(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(sealFile(file)).mode & 0o777).toBe(0o600);
    const s = await openSqliteStore({ file });
    await s.recordGrant({ id: 'grant_mine', scope: 'project', projectDir: '/p', rule: 'Bash(npm test)', grantedBy: 'token', createdAt: 1 });
    await s.close();
    expect(checkDefaultStore(file)).toEqual({ kind: 'sealed' });
    const seal = JSON.parse(readFileSync(sealFile(file), 'utf8')) as Record<string, unknown>;
    expect(seal).toMatchObject({ toolgate: 'serve-seal', version: 1, dev: statSync(file).dev, ino: statSync(file).ino });
  });

  it('refuses a store planted there with a forged grant, naming the file and what was expected', async () => {
    const { file } = place();
    await plant(file);
    const message = refusal(file);
    expect(message).toContain(
      `toolgate serve will not use the store ${file}: it has no seal ${file}-serve-seal: toolgate serve did not make it`,
    );
    expect(message).toContain('Expected a store serve made there — a regular file of yours, mode 0600, with one name, sealed by');
    expect(message).toContain('--store sqlite:PATH');
  });

  it('refuses a planted store with a seal naming another file (copied from a store serve made)', async () => {
    const mine = place();
    makeSealedStore(mine.file);
    const { file } = place();
    await plant(file);
    writeFileSync(sealFile(file), readFileSync(sealFile(mine.file)), { mode: 0o600 });
    expect(refusal(file)).toMatch(
      /its seal .*-serve-seal names another file \(device \d+, inode \d+; this one is device \d+, inode \d+\): the store was replaced/,
    );
  });

  it('refuses a link, a second name, a file or directory others may open, and a linked lock file', async () => {
    const elsewhere = place();
    makeSealedStore(elsewhere.file);

    const linked = place();
    symlinkSync(elsewhere.file, linked.file);
    expect(refusal(linked.file)).toContain(': it is a symbolic link.');

    const hard = place();
    makeSealedStore(hard.file);
    linkSync(hard.file, join(root, `keep-${n}.db`));
    expect(refusal(hard.file)).toContain(': it has 2 names (a hard link elsewhere).');

    const open = place();
    makeSealedStore(open.file);
    chmodSync(open.file, 0o644);
    expect(refusal(open.file)).toContain(': it has mode 0644, not 0600.');

    const wide = place();
    makeSealedStore(wide.file);
    chmodSync(wide.dir, 0o755);
    expect(refusal(wide.file)).toContain(`: its directory ${wide.dir} has mode 0755, not 0700.`);

    const dirLink = join(root, `state-${++n}`);
    mkdirSync(dirLink);
    symlinkSync(elsewhere.dir, join(dirLink, 'toolgate'));
    expect(refusal(join(dirLink, 'toolgate', 'toolgate.db'))).toContain(`: its directory ${join(dirLink, 'toolgate')} is a symbolic link.`);

    const lock = place();
    symlinkSync(join(root, 'nowhere'), `${lock.file}-serve-lock`);
    expect(refusal(lock.file)).toContain(`: ${lock.file}-serve-lock is not a regular file.`);
  });

  it('a new store does not take in a journal planted where it will be; a file appearing meanwhile is refused', async () => {
    const { file } = place();
    writeFileSync(`${file}-wal`, 'planted');
    writeFileSync(`${file}-journal`, 'planted');
    makeSealedStore(file);
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(existsSync(`${file}-journal`)).toBe(false);
    expect(() => makeSealedStore(file)).toThrow(/cannot make the store .*EEXIST/);
  });

  it('seals a store the person vouches for, which then passes', async () => {
    const { file } = place();
    await plant(file);
    seal(file);
    expect(checkDefaultStore(file)).toEqual({ kind: 'sealed' });
  });
});
