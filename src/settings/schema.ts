import { z } from 'zod';
import { SETTINGS_COMMAND_KEYS } from './commands.js';

/**
 * zod schemas for the parts of a Claude Code `settings.json` toolgate reads: `permissions`,
 * `hooks`, `autoMode`, `disableAllHooks`, `disableAutoMode`, `useAutoModeDuringPlan` and the
 * managed-only keys (Claude Code docs, "Settings", "Configure permissions", "Hooks reference").
 *
 * The field shapes below are the single source of truth: `parseSettingsFile` checks a file field
 * by field against them (so one bad value drops only itself), and `schemas/settings.schema.json`
 * is generated from {@link SettingsSchema}.
 */

type OptionalAll<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.ZodOptional<S[K]> };

function optionalAll<S extends Record<string, z.ZodType>>(shape: S): OptionalAll<S> {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as OptionalAll<S>;
}

/** A permission rule string such as `Bash(npm run test *)`. */
const ruleString = z
  .string()
  .min(1)
  .meta({ id: 'permissionRule', description: 'A permission rule: `Tool` or `Tool(specifier)`, e.g. `Bash(npm run *)`.' });

/** Mode names accepted in `permissions.defaultMode` (`manual` is an alias of `default`). @public */
export const DEFAULT_MODE_VALUES = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions', 'manual'] as const;

/** Field schemas of the `permissions` object. @public */
export const permissionsShape = {
  allow: z.array(ruleString).describe('Rules for calls that run without asking.'),
  ask: z.array(ruleString).describe('Rules for calls that always ask (no mode skips them).'),
  deny: z.array(ruleString).describe('Rules for calls that are refused in every mode.'),
  additionalDirectories: z
    .array(z.string().min(1))
    .describe('Extra working directories: `//abs`, `~/p`, or a path relative to the project root. Not globs.'),
  defaultMode: z.enum(DEFAULT_MODE_VALUES).describe('Starting permission mode. `auto` is ignored from project and local files.'),
  disableBypassPermissionsMode: z.literal('disable').describe('`"disable"` turns bypassPermissions mode off, from any file.'),
  disableAutoMode: z.literal('disable').describe('`"disable"` turns auto mode off, from any file.'),
  blockReadsOutsideWorkingDirectories: z
    .boolean()
    .describe(
      '`true`: reads outside every working directory are refused in every mode (Read, Glob, Grep, LSP and shell reads), from any file.',
    ),
  blockWritesOutsideWorkingDirectories: z
    .boolean()
    .describe(
      '`true`: writes outside every working directory are refused in every mode (Edit, Write, NotebookEdit; toolgate also refuses shell writes), from any file.',
    ),
  denyInsteadOfPrompting: z
    .boolean()
    .describe(
      '`true`: what would ask a person is refused instead, with the reason it would have asked (a hook or resolver may still answer first), from any file.',
    ),
};

/** The `permissions` object. Unknown keys inside it are reported as warnings. @public */
export const PermissionsSchema = z.strictObject(optionalAll(permissionsShape));

/** Fields every hook handler may have. */
const commonHandlerShape = {
  if: z.string().min(1).describe('One permission rule the tool call must match, e.g. `Bash(git *)`.'),
  timeout: z.number().gt(0).describe('Timeout in seconds.'),
  statusMessage: z.string().describe('Spinner text while the hook runs.'),
  once: z.boolean().describe('Run once per session (skill frontmatter only).'),
};

const onFailure = z.enum(['continue', 'block']).describe('What a start failure or timeout does to the guarded action.');

/** Field schemas of each hook handler type; `required` lists the fields a handler cannot run without. @public */
export const handlerShapes = {
  command: {
    shape: {
      type: z.literal('command'),
      command: z.string().min(1).describe('Shell command (or program, with `args`).'),
      args: z.array(z.string()).describe('Exec form: arguments passed without a shell.'),
      async: z.boolean().describe('Run in the background; cannot block.'),
      asyncRewake: z.boolean().describe('Run in the background; exit 2 wakes the model.'),
      shell: z.enum(['bash', 'powershell']),
      onFailure,
      ...commonHandlerShape,
    },
    required: ['command'],
  },
  http: {
    shape: {
      type: z.literal('http'),
      url: z.string().min(1).describe('URL the event JSON is POSTed to.'),
      headers: z.record(z.string(), z.string()),
      allowedEnvVars: z.array(z.string().min(1)),
      onFailure,
      ...commonHandlerShape,
    },
    required: ['url'],
  },
  mcp_tool: {
    shape: {
      type: z.literal('mcp_tool'),
      server: z.string().min(1),
      tool: z.string().min(1),
      input: z.record(z.string(), z.unknown()),
      ...commonHandlerShape,
    },
    required: ['server', 'tool'],
  },
  prompt: {
    shape: {
      type: z.literal('prompt'),
      prompt: z.string().min(1).describe('Prompt for the model; `$ARGUMENTS` is the event JSON.'),
      model: z.string(),
      continueOnBlock: z.boolean(),
      ...commonHandlerShape,
    },
    required: ['prompt'],
  },
  agent: {
    shape: {
      type: z.literal('agent'),
      prompt: z.string().min(1),
      model: z.string(),
      ...commonHandlerShape,
    },
    required: ['prompt'],
  },
} as const;

/** Hook handler types. @public */
export type HookHandlerType = keyof typeof handlerShapes;

/** Every hook handler type. @public */
export const HOOK_HANDLER_TYPES = Object.keys(handlerShapes) as HookHandlerType[];

function handlerSchema<T extends HookHandlerType>(type: T) {
  const { shape, required } = handlerShapes[type];
  const fields: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) {
    fields[key] = key === 'type' || (required as readonly string[]).includes(key) ? schema : schema.optional();
  }
  return z.strictObject(fields);
}

/** One hook handler. @public */
export const HookHandlerSchema = z
  .discriminatedUnion('type', [
    handlerSchema('command'),
    handlerSchema('http'),
    handlerSchema('mcp_tool'),
    handlerSchema('prompt'),
    handlerSchema('agent'),
  ])
  .meta({ id: 'hookHandler' });

/** Field schemas of a matcher group. @public */
export const hookGroupShape = {
  matcher: z.string().describe('Tool name, `A|B` list, or regular expression; empty or `*` matches all.'),
  hooks: z.array(HookHandlerSchema),
};

/** A matcher group: `{ matcher?, hooks: [...] }`. @public */
export const HookGroupSchema = z
  .strictObject({ matcher: hookGroupShape.matcher.optional(), hooks: hookGroupShape.hooks })
  .meta({ id: 'hookMatcherGroup' });

export { HOOK_EVENTS } from '../core/hook-events.js';
import { HOOK_EVENTS, type HookEvent } from '../core/hook-events.js';

/** A hook event name. @public */
export type HookEventName = HookEvent;

/** The `hooks` object: event name → matcher groups. @public */
export const HooksSchema = z.strictObject(
  Object.fromEntries(HOOK_EVENTS.map((event) => [event, z.array(HookGroupSchema).optional()])) as Record<
    HookEventName,
    z.ZodOptional<z.ZodArray<typeof HookGroupSchema>>
  >,
);

/** Field schemas of `autoMode` (prose guidance for the auto-mode classifier). @public */
export const autoModeShape = {
  allow: z.array(z.string()),
  soft_deny: z.array(z.string()),
  hard_deny: z.array(z.string()),
  environment: z.array(z.string()),
  classifyAllShell: z.boolean(),
};

/** The `autoMode` object. @public */
export const AutoModeSchema = z.strictObject(optionalAll(autoModeShape));

/** Managed-only boolean keys toolgate reads (Claude Code docs, "Managed settings"). @public */
export const managedOnlyShape = {
  allowManagedPermissionRulesOnly: z.boolean().describe('(Managed only) Only managed allow/ask/deny rules apply.'),
  allowManagedHooksOnly: z.boolean().describe('(Managed only) Only managed hooks run.'),
  allowManagedMcpServersOnly: z.boolean().describe('(Managed only) Only managed MCP servers load.'),
  strictPluginOnlyCustomization: z
    .union([z.boolean(), z.array(z.string())])
    .describe(
      '(Managed only) Lock customization surfaces to plugins: true for all, or a list such as ["hooks"]; when hooks are locked only managed hooks run.',
    ),
};

/** One `sandbox.credentials.files` entry. */
const credentialFile = z.looseObject({ path: z.string().min(1), mode: z.enum(['deny', 'mask']) });
/** One `sandbox.credentials.envVars` entry. */
const credentialVar = z.looseObject({ name: z.string().min(1), mode: z.enum(['deny', 'mask']) });

/**
 * The parts of `sandbox` toolgate reads (Claude Code docs, "Sandboxing"); its other keys
 * (`filesystem`, `network`, `excludedCommands`, …) configure Claude Code's own sandbox and are kept
 * as written. They apply only where a sandbox runs the commands (`EvaluationContext.sandboxed`).
 * @public
 */
export const sandboxShape = {
  enabled: z.boolean().describe('Run Bash commands in the OS sandbox.'),
  autoAllowBashIfSandboxed: z
    .boolean()
    .describe(
      'Sandboxed commands run without asking (default true in Claude Code); toolgate honours it only where the host says a sandbox runs them.',
    ),
  credentials: z
    .looseObject({ files: z.array(credentialFile).optional(), envVars: z.array(credentialVar).optional() })
    .describe(
      'Credential files and variables sandboxed commands must not read: `mode: "deny"` is refused by toolgate where a sandbox runs the commands; `mask` entries are the sandbox proxy\'s.',
    ),
};

/** The `sandbox` object. @public */
export const SandboxSchema = z.looseObject(optionalAll(sandboxShape));

/** A `{ "type": "command", "command": "…" }` setting (statusLine, fileSuggestion). */
const commandObject = z.looseObject({ type: z.literal('command'), command: z.string() });
/** A `{ "path": "…" }` setting naming an executable (policyHelper). */
const pathObject = z.looseObject({ path: z.string() });

/**
 * The keys that name a command Claude Code runs with no tool call ({@link SETTINGS_COMMAND_KEYS}):
 * toolgate protects the files such a command names, as a hook's script.
 * @public
 */
export const settingsCommandShape: Record<string, z.ZodType> = Object.fromEntries(
  SETTINGS_COMMAND_KEYS.map((k) => [
    k.key,
    (k.form === 'string' ? z.string() : k.form === 'pathObject' ? pathObject : commandObject).describe(
      `A command Claude Code runs ${k.when}, with no tool call; the files it names are protected.`,
    ),
  ]),
);

/** Top-level keys toolgate reads, with their field schemas. @public */
export const topLevelShape = {
  permissions: PermissionsSchema,
  hooks: HooksSchema,
  autoMode: AutoModeSchema,
  disableAllHooks: z
    .boolean()
    .describe('Turn hooks off (the highest-precedence file that sets it wins; managed hooks stay on unless managed sets it).'),
  disableAutoMode: z.literal('disable'),
  useAutoModeDuringPlan: z.boolean().describe('Use the auto-mode classifier while planning (default true).'),
  sandbox: SandboxSchema,
  ...settingsCommandShape,
  ...managedOnlyShape,
};

/**
 * A settings file, as far as toolgate reads it. Other top-level keys are allowed and kept.
 * @public
 */
export const SettingsSchema = z.looseObject(optionalAll(topLevelShape));

/** The JSON Schema of {@link SettingsSchema} (draft 2020-12), as checked in under `schemas/`. @public */
export function settingsJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(SettingsSchema, { target: 'draft-2020-12' }),
    title: 'Claude Code settings (the parts toolgate reads)',
  };
}
