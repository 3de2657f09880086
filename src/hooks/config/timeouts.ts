/**
 * Default handler timeouts, in **seconds** (Claude Code docs, "Hooks reference › Hook handler
 * fields"): command, http, mcp_tool and SDK callbacks 600 s (30 s on UserPromptSubmit,
 * PreModelSwitch and PostModelSwitch); prompt 30 s; agent 60 s; MessageDisplay 10 s; SessionEnd
 * 1.5 s.
 * @public
 */
export function defaultTimeoutSeconds(type: string, event: string): number {
  if (type === 'prompt') return 30;
  if (type === 'agent') return 60;
  if (event === 'UserPromptSubmit' || event === 'PreModelSwitch' || event === 'PostModelSwitch') return 30;
  if (event === 'MessageDisplay') return 10;
  if (event === 'SessionEnd') return 1.5;
  return 600;
}
