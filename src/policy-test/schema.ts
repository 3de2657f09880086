/**
 * The JSON Schema of policy test files (`*.policy-test.json`), draft 2020-12. The package ships
 * it as `schemas/policy-test.schema.json`; a test keeps the two equal.
 * @public
 */
export const POLICY_TEST_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://toolgate.dev/schemas/policy-test.schema.json',
  title: 'toolgate policy test file',
  description: 'Calls and the decision a permission policy must give them. Run with `toolgate test`.',
  type: 'object',
  required: ['settings', 'cases'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string', description: 'A name for the report (default: the file name).' },
    description: { type: 'string' },
    settings: { $ref: '#/$defs/settings' },
    dialect: { enum: ['claude-code'], default: 'claude-code', description: 'Decision semantics. Only claude-code for now.' },
    mode: { $ref: '#/$defs/mode' },
    cwd: { type: 'string', description: 'Working directory of the agent. Default: the project directory, else the test file\'s directory.' },
    home: { type: 'string', description: 'Home directory. Default: /home/user (tests do not read the real home).' },
    platform: { enum: ['linux', 'macos', 'windows'], default: 'linux' },
    projectTrusted: { type: 'boolean', default: true, description: 'Whether the project\'s own settings files are trusted.' },
    examples: { type: 'boolean', default: true, description: 'Also check the settings files\' "$toolgate.examples".' },
    cases: { type: 'array', minItems: 1, items: { $ref: '#/$defs/case' } },
  },
  $defs: {
    mode: { enum: ['default', 'manual', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'] },
    settingsObject: { type: 'object', description: 'A settings object, as in settings.json.' },
    settings: {
      type: 'object',
      description: 'Where the policy comes from. Paths are relative to the test file. Several keys combine.',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        files: { type: 'array', items: { type: 'string' }, description: 'Settings files, loaded like --settings (source kind cli).' },
        project: { type: 'string', description: 'A project directory: its .claude/settings.json and settings.local.json load.' },
        sources: {
          type: 'array',
          items: { enum: ['user', 'project', 'local', 'managed'] },
          description: 'With "project": which layers load (default project and local; user reads <home>/.claude/settings.json).',
        },
        inline: { $ref: '#/$defs/settingsObject' },
        layers: {
          type: 'object',
          additionalProperties: false,
          properties: {
            user: { $ref: '#/$defs/settingsObject' },
            project: { $ref: '#/$defs/settingsObject' },
            local: { $ref: '#/$defs/settingsObject' },
            managed: { $ref: '#/$defs/settingsObject' },
          },
        },
      },
    },
    call: {
      oneOf: [
        { type: 'string', description: 'Shorthand: "Bash(git status)", "Read(src/a.ts)", "mcp__github__get_issue".' },
        {
          type: 'object',
          required: ['tool'],
          properties: { tool: { type: 'string', minLength: 1 }, input: { type: 'object' } },
        },
      ],
    },
    case: {
      type: 'object',
      required: ['call', 'expect'],
      additionalProperties: false,
      properties: {
        name: { type: 'string' },
        call: { $ref: '#/$defs/call' },
        expect: { enum: ['allow', 'ask', 'deny'] },
        rule: { type: 'string', description: 'The rule that must decide the call, as written in settings.' },
        reason: {
          enum: [
            'rule', 'toolRemoved', 'mode', 'readOnly', 'workingDirectory', 'outsideWorkingDirectory', 'protectedPath',
            'criticalRemoval', 'shellUnknown', 'sessionGrant', 'planApproval', 'hook', 'classifier', 'checkFailed',
            'toolDefault', 'invalidInput', 'resolver', 'brokenSettings', 'userInteraction', 'opaqueCode', 'guardedRead', 'projectUnknown', 'homeUnknown', 'gitAfterCd',
          ],
          description: 'The reason kind the decision must carry.',
        },
        askKind: { enum: ['firm', 'protected', 'guardedRead', 'planBlock', 'plain'] },
        mode: { $ref: '#/$defs/mode' },
        cwd: { type: 'string' },
      },
    },
  },
} as const;
