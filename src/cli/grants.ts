import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { escapeHidden } from '../core/text.js';
import type { GrantState, Store } from '../store/index.js';
import { parseWhen, storeOption, withStore, type StoreFlags } from './asks.js';
import { UsageError } from './load.js';

type State = GrantState | 'all';

interface ListFlags extends StoreFlags {
  session?: string;
  project?: string;
  rule?: string;
  scope?: 'once' | 'session' | 'project' | 'user';
  state: State;
  active?: boolean;
  expired?: boolean;
  limit: string;
}

/** The state `--active` / `--expired` / `--state` ask for; two that disagree are a usage error. */
function chosenState(flags: Pick<ListFlags, 'state' | 'active' | 'expired'>, stateGiven: boolean): State {
  const picked = [
    ...(flags.active ? ['active' as const] : []),
    ...(flags.expired ? ['expired' as const] : []),
    ...(stateGiven ? [flags.state] : []),
  ];
  if (new Set(picked).size > 1) throw new UsageError(`choose one of --active, --expired and --state (given: ${picked.join(', ')})`);
  return picked[0] ?? 'active';
}

/** Who changes grants from the command line, as the audit names them: `cli:` and the OS user. */
function cliUser(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

/** A span from now in words (`in 11h`, `3d ago`). */
function fromNow(ms: number, now: number): string {
  const s = Math.round(Math.abs(ms - now) / 1000);
  const span =
    s < 120 ? `${s}s` : s < 7200 ? `${Math.round(s / 60)}m` : s < 172_800 ? `${Math.round(s / 3600)}h` : `${Math.round(s / 86_400)}d`;
  return ms >= now ? `in ${span}` : `${span} ago`;
}

/** `toolgate grants list|show|revoke|prune`, against the store directly (revoking only narrows: no grant is made here). */
export function registerGrantsCommand(program: Command): void {
  const grants = program.command('grants').description('list, show, revoke and prune the grants toolgate serve keeps (docs/grants.md)');

  grants
    .command('list')
    .description('list grants, newest first (default: the active ones)')
    .addOption(storeOption())
    .option('--session <id>', 'only this session')
    .option('--project <dir>', 'only this project root (relative to the current directory)')
    .option('--rule <rule>', 'only grants of exactly this rule, as Bash(npm test *)')
    .addOption(new Option('--scope <scope>', 'only this scope').choices(['once', 'session', 'project', 'user']))
    .addOption(new Option('--state <state>', 'which grants').choices(['active', 'expired', 'revoked', 'used', 'all']).default('active'))
    .option('--active', 'only grants that still answer (the default)')
    .option('--expired', 'only grants whose time-to-live ran out')
    .option('--limit <n>', 'at most this many', '100')
    .option('--json', 'one JSON object per grant, one per line')
    .action(async (flags: ListFlags, cmd: Command) => {
      const state = chosenState(flags, cmd.getOptionValueSource('state') === 'cli');
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive integer');
      const { grantView, settingsFileHere } = await import('../grants/manage.js');
      const { nodeFileSystem } = await import('../node/fs.js');
      const fs = nodeFileSystem();
      await withStore(flags, async (store: Store) => {
        const now = Date.now();
        const found = await store.findGrants({
          at: now,
          state,
          limit,
          ...(flags.session !== undefined ? { sessionId: flags.session } : {}),
          // serve records a project root resolved (src/serve/projects.ts), an unknown one as "": `--project .` or a trailing `/` names the same root.
          ...(flags.project !== undefined ? { projectDir: flags.project === '' ? '' : resolve(flags.project) } : {}),
          ...(flags.rule !== undefined ? { rule: flags.rule } : {}),
          ...(flags.scope !== undefined ? { scope: flags.scope } : {}),
        });
        if (found.length === 0 && !flags.json) {
          process.stdout.write(`no ${state === 'all' ? '' : `${state} `}grants\n`);
          return;
        }
        for (const g of found) {
          const v = grantView(g, now, await settingsFileHere(g, fs));
          if (flags.json) {
            process.stdout.write(`${JSON.stringify(v)}\n`);
            continue;
          }
          const parts = [
            v.id,
            v.state.padEnd(7),
            v.scope.padEnd(7),
            v.scope === 'once' ? `${v.rule} (exact input ${v.inputSha256?.slice(0, 12) ?? '?'}…)` : v.rule,
            v.scope === 'user' ? 'every trusted project' : `project ${v.projectDir}`,
            v.sessionId !== undefined ? `session ${v.sessionId}` : '',
            `by ${v.grantedBy}`,
            g.expiresAt !== undefined ? `expires ${fromNow(g.expiresAt, now)}` : 'no expiry',
            v.settingsFile !== undefined ? `— ${v.settingsFile.note}` : '',
          ];
          process.stdout.write(`${escapeHidden(parts.filter((p) => p !== '').join('  '))}\n`);
        }
      });
    });

  grants
    .command('show')
    .description('show one grant')
    .argument('<id>')
    .addOption(storeOption())
    .option('--json', 'as JSON')
    .action(async (id: string, flags: StoreFlags) => {
      const { grantView, settingsFileHere } = await import('../grants/manage.js');
      const { nodeFileSystem } = await import('../node/fs.js');
      await withStore(flags, async (store) => {
        const g = await store.getGrant(id);
        if (g === undefined) {
          process.stderr.write(`toolgate: no grant with id ${escapeHidden(id)}\n`);
          process.exitCode = 1;
          return;
        }
        const v = grantView(g, Date.now(), await settingsFileHere(g, nodeFileSystem()));
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(v, null, 2)}\n`);
          return;
        }
        const lines = [
          `grant ${v.id} (${v.state})`,
          `  rule:     ${v.rule}`,
          `  scope:    ${v.scope}${v.scope === 'user' ? ' (every project serve trusts)' : v.scope === 'once' ? ` (exact input sha256 ${v.inputSha256 ?? '?'})` : ''}`,
          `  project:  ${v.projectDir}`,
          ...(v.sessionId !== undefined ? [`  session:  ${v.sessionId}`] : []),
          ...(v.cwd !== undefined ? [`  in:       ${v.cwd}`] : []),
          ...(v.agent !== undefined ? [`  agent:    ${v.agent}`] : []),
          ...(v.mode !== undefined ? [`  mode:     ${v.mode}`] : []),
          ...(v.askId !== undefined ? [`  ask:      ${v.askId} (toolgate asks show ${v.askId})`] : []),
          `  granted:  by ${v.grantedBy} at ${v.createdAt}`,
          `  expires:  ${v.expiresAt ?? 'never (until revoked)'}`,
          ...(v.revokedAt !== undefined ? [`  revoked:  ${v.revokedAt}`] : []),
          ...(v.usedAt !== undefined ? [`  spent:    ${v.usedAt}`] : []),
          ...(v.settingsFile !== undefined ? [`  file:     ${v.settingsFile.note}`] : []),
        ];
        process.stdout.write(`${escapeHidden(lines.join('\n'))}\n`);
      });
    });

  grants
    .command('revoke')
    .description(
      'revoke grants: each answers nothing from the next decision on, on every serve sharing the store; a rule written to a settings file on this machine is removed from it (exit 1 when any could not be revoked)',
    )
    .argument('<id...>')
    .addOption(storeOption())
    .option('--json', 'one JSON object per grant, one per line')
    .action(async (ids: string[], flags: StoreFlags) => {
      const { revokeGrant } = await import('../grants/manage.js');
      const { nodeFileSystem } = await import('../node/fs.js');
      const fs = nodeFileSystem();
      await withStore(flags, async (store) => {
        for (const id of ids) {
          // Audited as the page's and the API's revocations are: who (this OS user), which grant, when.
          const r = await revokeGrant(store, id, { at: Date.now(), by: cliUser(), audit: (e) => store.appendAudit([e]), fs });
          if (r.code !== 'revoked' && r.code !== 'alreadyRevoked') process.exitCode = 1;
          if (flags.json) process.stdout.write(`${JSON.stringify({ id, code: r.code, message: r.message })}\n`);
          else
            (r.code === 'revoked' || r.code === 'alreadyRevoked' ? process.stdout : process.stderr).write(
              `${r.code === 'revoked' || r.code === 'alreadyRevoked' ? '' : 'toolgate: '}${escapeHidden(r.message)}\n`,
            );
        }
      });
    });

  grants
    .command('prune')
    .description('delete grants revoked, spent or expired before a time (default: now); active grants are kept')
    .addOption(storeOption())
    .option('--before <when>', 'a date or time (2026-01-31T09:00Z) or a span back from now (30d)')
    .option('--json', 'the count as JSON')
    .action(async (flags: StoreFlags & { before?: string }) => {
      const before = flags.before !== undefined ? parseWhen(flags.before) : Date.now();
      const { pruneGrants } = await import('../grants/manage.js');
      await withStore(flags, async (store) => {
        const n = await pruneGrants(store, before, { at: Date.now(), by: cliUser(), audit: (e) => store.appendAudit([e]) });
        process.stdout.write(
          flags.json
            ? `${JSON.stringify({ pruned: n, before: new Date(before).toISOString() })}\n`
            : `pruned ${n} grant${n === 1 ? '' : 's'} revoked, spent or expired before ${new Date(before).toISOString()}\n`,
        );
      });
    });
}
