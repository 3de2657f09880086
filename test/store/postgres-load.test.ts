import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPg } from '../../src/store/postgres/load.js';
import { StoreOpenError } from '../../src/store/index.js';

describe('loading pg, an optional peer dependency', () => {
  afterEach(() => {
    vi.doUnmock('pg');
    vi.resetModules();
  });

  it('says what to install when pg is missing', async () => {
    const missing = () =>
      Promise.reject(Object.assign(new Error("Cannot find package 'pg' imported from …"), { code: 'ERR_MODULE_NOT_FOUND' }));
    const err = await loadPg(missing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreOpenError);
    expect((err as Error).message).toBe(
      'the PostgreSQL store needs the optional package pg (version 8): run `npm install pg@8` where toolgate is installed',
    );
  });

  it('says what went wrong when pg is there but cannot be loaded, or is not node-postgres', async () => {
    await expect(loadPg(() => Promise.reject(new SyntaxError('Unexpected token')))).rejects.toThrow(
      /^pg could not be loaded: Unexpected token$/,
    );
    await expect(loadPg(() => Promise.resolve({ default: {} }))).rejects.toThrow(/has no Pool and Client/);
    const real = await loadPg();
    expect(typeof real.Pool).toBe('function');
  });

  it('is not loaded by importing the store or opening another kind', async () => {
    vi.resetModules();
    const loaded = vi.fn();
    vi.doMock('pg', () => {
      loaded();
      return {};
    });
    const store = await import('../../src/store/index.js');
    await (await store.openStore('memory:')).close();
    expect(loaded).not.toHaveBeenCalled();
  });
});
