import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseAnswerServer, readRecordedServer, recordServer } from '../../src/cli/answer-server.js';

const resolveTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('where `toolgate asks answer` sends the token', () => {
  it('refuses a server off the loopback network: the token answers every ask', async () => {
    for (const server of [
      'http://attacker.example:7370',
      'http://10.0.0.5:7370',
      'http://0.0.0.0:7370',
      'http://[::]:7370',
      'https://toolgate.example.com',
      'http://127.0.0.1.attacker.example/',
    ]) {
      const r = await chooseAnswerServer({ server, resolve: resolveTo('203.0.113.9') });
      expect(r, server).toMatchObject({
        ok: false,
        message: expect.stringMatching(/not on this machine's loopback network.*--allow-remote/),
      });
    }
  });

  it('takes loopback addresses, and localhost only when every address it has is loopback', async () => {
    for (const server of ['http://127.0.0.1:7370', 'http://127.8.9.10:1', 'http://[::1]:7370', 'https://127.0.0.1:9']) {
      expect(await chooseAnswerServer({ server, resolve: resolveTo('203.0.113.9') }), server).toMatchObject({ ok: true, from: 'flag' });
    }
    expect(await chooseAnswerServer({ server: 'http://localhost:7370', resolve: resolveTo('127.0.0.1', '::1') })).toMatchObject({
      ok: true,
    });
    expect(await chooseAnswerServer({ server: 'http://localhost:7370', resolve: resolveTo('127.0.0.1', '192.168.1.4') })).toMatchObject({
      ok: false,
    });
    expect(
      await chooseAnswerServer({ server: 'http://localhost:7370', resolve: async () => Promise.reject(new Error('no resolver')) }),
    ).toMatchObject({ ok: false });
  });

  it('goes off loopback only when asked with --allow-remote, and then only over https:', async () => {
    expect(await chooseAnswerServer({ server: 'https://toolgate.example.com', allowRemote: true })).toMatchObject({
      ok: true,
      from: 'flag',
    });
    expect(await chooseAnswerServer({ server: 'http://toolgate.example.com', allowRemote: true })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/only over https:/),
    });
  });

  it('with no record and no --server it refuses, naming both, and sends the token to no fixed port (red team H8)', async () => {
    const r = await chooseAnswerServer({ recordFile: '/s/toolgate/serve-address' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/\/s\/toolgate\/serve-address/);
    expect(!r.ok && r.message).toMatch(/--server/);
    expect(await chooseAnswerServer({})).toMatchObject({ ok: false });
  });

  it('uses the address serve recorded; a flag wins; the recorded address meets the same checks', async () => {
    expect(await chooseAnswerServer({ recorded: 'http://127.0.0.1:4321' })).toMatchObject({
      ok: true,
      from: 'recorded',
      url: new URL('http://127.0.0.1:4321'),
    });
    expect(await chooseAnswerServer({ recorded: 'http://127.0.0.1:4321', server: 'http://[::1]:1' })).toMatchObject({
      ok: true,
      from: 'flag',
    });
    expect(await chooseAnswerServer({ recorded: 'http://evil.example:4321' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/the address toolgate serve recorded/),
    });
    for (const server of ['not a url', 'ftp://127.0.0.1/', 'http://user:pw@127.0.0.1:1'])
      expect(await chooseAnswerServer({ server }), server).toMatchObject({ ok: false });
  });

  it('serve records its address (mode 0600) and removes it when it stops, unless another serve recorded itself since', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-address-'));
    try {
      const file = join(dir, 'state', 'serve-address');
      const unrecord = recordServer(file, 'http://127.0.0.1:1111');
      expect(readRecordedServer(file)).toBe('http://127.0.0.1:1111');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      unrecord();
      expect(readRecordedServer(file)).toBeUndefined();
      const first = recordServer(file, 'http://127.0.0.1:1111');
      recordServer(file, 'http://127.0.0.1:2222');
      first();
      expect(readFileSync(file, 'utf8').trim()).toBe('http://127.0.0.1:2222');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
