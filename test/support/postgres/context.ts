import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** What the `postgres` project's globalSetup hands its test files. */
export type PostgresProvided = { ok: true; url: string; socketUrl: string; bin: string; template: string } | { ok: false; reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresProvided;
  }
}

/** The run's server, or why there is none. Under CI=true a missing server is a failure, not a skip (see `ciNeedsPostgres`). */
export function postgres(): PostgresProvided {
  return inject('postgres');
}

/** A URL with `search_path` set: each store (each test) gets a schema of its own in the shared database. */
export function withSchema(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Create an empty schema and return a URL whose connections use it. */
export async function freshSchema(base: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await c.end();
  }
  return withSchema(base, schema);
}

/** Run SQL as the superuser on the run's server (terminating backends, reading pg_stat_activity). */
export async function admin<T = Record<string, unknown>>(base: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return (await c.query({ text: sql, values })).rows as T[];
  } finally {
    await c.end();
  }
}
