import { ENVIRONMENT_FACT_NAMES, environmentHeaderTemplate, SHELL_HEADER_TEMPLATE } from '../evaluate/door/index.js';

/** Options of {@link hookConfig}. @public */
export interface HookConfigOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:7370`. */
  url: string;
  /** Seconds serve holds a request; the hook's `timeout` is set 10 s above it. */
  holdTimeoutSeconds: number;
  /** Send the token from this environment variable (`Authorization: Bearer $NAME`). */
  tokenEnv?: string;
}

/**
 * The Claude Code settings snippet that points `http` hooks at serve (Claude Code docs, "Hooks
 * reference › HTTP hooks"): PreToolUse and PermissionRequest with `"onFailure": "block"` — a
 * server that is down, slow past the timeout or unreachable refuses the call instead of letting it
 * through — and a `timeout` above the hold timeout; PostToolUse, PostToolUseFailure and Stop are
 * sent for the audit log only. Every hook sends, through `allowedEnvVars`, the session's project
 * (`X-Toolgate-Project: $CLAUDE_PROJECT_DIR` — empty in Claude Code 2.1.332, whose own
 * environment does not hold it; serve then finds the project from the transcript's folder), the
 * shell (`X-Toolgate-Shell`) and the environment facts (`X-Toolgate-Env`).
 * @public
 */
export function hookConfig(o: HookConfigOptions): { hooks: Record<string, unknown[]> } {
  const url = `${o.url.replace(/\/+$/, '')}/hooks/claude-code`;
  const facts = {
    'X-Toolgate-Project': '${CLAUDE_PROJECT_DIR}',
    'X-Toolgate-Shell': SHELL_HEADER_TEMPLATE,
    'X-Toolgate-Env': environmentHeaderTemplate(),
  };
  const vars = ['CLAUDE_PROJECT_DIR', 'CLAUDE_CODE_SHELL', 'SHELL', ...ENVIRONMENT_FACT_NAMES];
  const auth =
    o.tokenEnv !== undefined
      ? { headers: { Authorization: `Bearer $${o.tokenEnv}`, ...facts }, allowedEnvVars: [o.tokenEnv, ...vars] }
      : { headers: facts, allowedEnvVars: vars };
  const guard = [
    { matcher: '*', hooks: [{ type: 'http', url, timeout: Math.ceil(o.holdTimeoutSeconds) + 10, onFailure: 'block', ...auth }] },
  ];
  const record = (matcher: boolean) => [{ ...(matcher ? { matcher: '*' } : {}), hooks: [{ type: 'http', url, timeout: 10, ...auth }] }];
  return {
    hooks: {
      PreToolUse: guard,
      PermissionRequest: guard,
      PostToolUse: record(true),
      PostToolUseFailure: record(true),
      Stop: record(false),
    },
  };
}
