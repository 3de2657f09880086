import type {
  CanUseTool as SdkCanUseTool,
  HookCallbackMatcher as SdkHookCallbackMatcher,
  HookEvent,
  HookInput,
  PermissionMode,
} from '@anthropic-ai/claude-agent-sdk';
import type { HookCallbackMatcher } from '../../hooks/index.js';
import type { CanUseTool, GateOptions, PermissionResult } from '../../gate/index.js';

/** The Agent SDK options {@link gateOptionsFromAgentSdk} reads. @public */
export interface AgentSdkPermissionOptions {
  hooks?: Partial<Record<HookEvent, SdkHookCallbackMatcher[]>>;
  canUseTool?: SdkCanUseTool;
  permissionMode?: PermissionMode;
}

/** What {@link gateOptionsFromAgentSdk} returns: spread it into `createGate` options. @public */
export interface GateOptionsFromAgentSdk {
  hookCallbacks?: NonNullable<GateOptions['hookCallbacks']>;
  canUseTool?: CanUseTool;
  mode?: PermissionMode;
}

/**
 * The reverse direction: Agent SDK `hooks` callbacks and `canUseTool`, written for `query()`, run
 * by toolgate's own dispatch instead of the Claude Code process — in any agent loop, with any
 * framework. Callback hooks keep their matcher, `timeout` (seconds) and `onFailure`; `canUseTool`
 * becomes the gate's resolver (called only for asks nothing else answered, never in dontAsk;
 * `null` parks the call); `permissionMode` becomes the gate's starting mode.
 * @public
 */
export function gateOptionsFromAgentSdk(options: AgentSdkPermissionOptions): GateOptionsFromAgentSdk {
  const out: GateOptionsFromAgentSdk = {};
  if (options.hooks !== undefined) {
    const callbacks: Record<string, HookCallbackMatcher[]> = {};
    for (const [event, matchers] of Object.entries(options.hooks)) {
      callbacks[event] = (matchers ?? []).map((m) => ({
        ...(m.matcher !== undefined ? { matcher: m.matcher } : {}),
        hooks: m.hooks.map(
          (cb) => (input: Record<string, unknown>, id: string | undefined, o: { signal: AbortSignal }) => cb(input as HookInput, id, o),
        ),
        ...(m.timeout !== undefined ? { timeout: m.timeout } : {}),
        ...(m.onFailure !== undefined ? { onFailure: m.onFailure } : {}),
      }));
    }
    out.hookCallbacks = callbacks;
  }
  const sdk = options.canUseTool;
  if (sdk !== undefined) {
    out.canUseTool = async (toolName, input, o) => {
      const r = await sdk(toolName, input, o as Parameters<SdkCanUseTool>[2]);
      if (r === null) return null;
      const { decisionClassification: _dc, ...rest } = r;
      return rest as PermissionResult;
    };
  }
  if (options.permissionMode !== undefined) out.mode = options.permissionMode;
  return out;
}
