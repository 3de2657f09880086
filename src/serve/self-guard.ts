import { escapeRuleContent } from '../rules/index.js';
import type { Decision, ToolCall } from '../core/types.js';

/** Where serve listens and keeps its secrets: what a gated agent must not reach. */
export interface SelfTarget {
  host: string;
  port: number;
  tokenFile?: string;
  /** The named answerers' tokens (`--answerers`). */
  answerersFile?: string;
  /** The store's files (SQLite: the database file; its `-wal` and `-shm` files are covered too). */
  storeFile?: string;
}

/**
 * The settings serve adds to every project's policy (an inline, trusted source): the token file
 * and the store's files are Read- and Edit-denied (stronger than protected: writes are refused,
 * not asked), and the CLI that answers asks is a denied command. Read deny rules also cover what
 * a shell command reads, so `cat TOKEN` and `sqlite3 STORE` are denied too.
 */
export function builtInSettings(t: SelfTarget): Record<string, unknown> {
  const deny: string[] = [];
  const abs = (p: string) => `/${p.startsWith('/') ? p : `/${p}`}`;
  for (const file of [t.tokenFile, t.answerersFile, t.storeFile]) {
    if (file === undefined || file === ':memory:') continue;
    const pattern = file === t.storeFile ? `${abs(file)}*` : abs(file);
    deny.push(`Read(${escapeRuleContent(pattern)})`, `Edit(${escapeRuleContent(pattern)})`);
  }
  for (const prefix of ['toolgate asks answer', 'npx toolgate asks answer', 'npm exec toolgate asks answer', 'npm exec -- toolgate asks answer']) {
    deny.push(`Bash(${prefix} *)`);
  }
  return { permissions: { deny } };
}

/**
 * A call that would reach serve's own address: a Bash command that names its port (as a number
 * of its own, anywhere in the command) or a WebFetch of any URL on that port. Deliberately broad — a command merely naming the port is refused — because a gated
 * agent that can talk to serve could answer its own ask. The token (`--token-file`) is the real
 * lock; this keeps the obvious `curl` from even trying.
 */
export function reachesSelf(call: ToolCall, t: SelfTarget): Decision | undefined {
  const port = String(t.port);
  const deny = (what: string): Decision => ({
    behavior: 'deny',
    reason: { kind: 'rule', message: `${what} reaches toolgate serve's own address (port ${port}): a gated agent may not answer its own asks` },
    rule: { text: `toolgate serve: its own address, port ${port}`, list: 'deny', source: { kind: 'inline' } },
    trace: [{ step: 'serveSelf', outcome: 'deny', detail: `${what} names port ${port}, where toolgate serve listens` }],
  });
  if (call.tool === 'Bash' || call.tool === 'PowerShell') {
    const command = call.input['command'];
    if (typeof command !== 'string') return undefined;
    // Also with quotes and backslashes removed and leading zeros allowed: bash joins
    // `"739"3` and `739\3` into 7393, and curl reads port 07393 as 7393.
    const names = new RegExp(`(?<![0-9])0*${port}(?![0-9])`);
    if (names.test(command) || names.test(command.replace(/["'\\]/g, ''))) return deny('the command');
    return undefined;
  }
  if (call.tool === 'WebFetch') {
    const url = call.input['url'];
    if (typeof url !== 'string') return undefined;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return new RegExp(`(?<![0-9])${port}(?![0-9])`).test(url) ? deny('the URL') : undefined;
    }
    const p = parsed.port !== '' ? parsed.port : parsed.protocol === 'https:' ? '443' : parsed.protocol === 'http:' ? '80' : '';
    // Any host: the machine's own names and addresses are too many to list.
    if (p === port) return deny('the URL');
  }
  return undefined;
}
