/**
 * The settings keys that name a command Claude Code runs by itself — with no tool call, so no
 * permission rule or hook ever sees it (Claude Code docs, "Settings", "Status line", "Amazon
 * Bedrock", "Google Vertex AI"; the schemastore schema of Claude Code's settings lists the same keys): the files such a command names are code as a hook's script is, and a write there
 * runs the agent's code later unasked (red team 24, RT24-J). One list, read by the settings
 * schema (`schema.ts`), the parser and the evaluator's own-files check; no zod here, so the
 * evaluator can read it without loading the schema library.
 */

/**
 * Where a settings key holds its command: the key's own string, the `command` of a `{ type:
 * "command", command }` object, or the `path` of a `{ path }` object (an executable run with no arguments).
 */
export type SettingsCommandForm = 'string' | 'commandObject' | 'pathObject';

/** A settings key that names a command Claude Code runs. @public */
export interface SettingsCommandKey {
  key: string;
  form: SettingsCommandForm;
  /** When Claude Code runs it, as a reason says (`…runs it <when>`). */
  when: string;
}

/** Claude Code's settings keys that name a command it runs with no tool call. @public */
export const SETTINGS_COMMAND_KEYS: readonly SettingsCommandKey[] = [
  { key: 'statusLine', form: 'commandObject', when: 'to draw the status line, each time the conversation updates' },
  { key: 'subagentStatusLine', form: 'commandObject', when: "to draw a sub-agent's status line" },
  { key: 'fileSuggestion', form: 'commandObject', when: 'to list files for @ mentions' },
  { key: 'apiKeyHelper', form: 'string', when: 'in /bin/sh for the API key, at start and when the key is refreshed' },
  { key: 'otelHeadersHelper', form: 'string', when: 'for the telemetry headers, at start and when they are refreshed' },
  { key: 'awsAuthRefresh', form: 'string', when: 'to refresh the AWS credentials' },
  { key: 'awsCredentialExport', form: 'string', when: 'to read the AWS credentials' },
  { key: 'gcpAuthRefresh', form: 'string', when: 'to refresh the GCP credentials' },
  // Honoured from managed settings only; protecting it wherever it is written only asks.
  { key: 'policyHelper', form: 'pathObject', when: 'at start (and on its refresh interval) to compute the managed settings' },
];
