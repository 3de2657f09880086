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
 * sent for the audit log only.
 * @public
 */
export function hookConfig(o: HookConfigOptions): { hooks: Record<string, unknown[]> } {
  const url = `${o.url.replace(/\/+$/, '')}/hooks/claude-code`;
  const auth =
    o.tokenEnv !== undefined ? { headers: { Authorization: `Bearer $${o.tokenEnv}` }, allowedEnvVars: [o.tokenEnv] } : {};
  const guard = [{ matcher: '*', hooks: [{ type: 'http', url, timeout: Math.ceil(o.holdTimeoutSeconds) + 10, onFailure: 'block', ...auth }] }];
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
