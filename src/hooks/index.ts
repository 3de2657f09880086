/**
 * Hook dispatch: configuration, matchers, transports, input building, output parsing and
 * combination (Claude Code docs, "Hooks reference").
 * @packageDocumentation
 */
export * from './events.js';
export * from './types.js';
export { compileMatcher, matcherSelects } from './config/matcher.js';
export { defaultTimeoutSeconds } from './config/timeouts.js';
export {
  compileHooks,
  hookGroupsFromSettings,
  hookGroupsFromCallbacks,
  parsePluginHooks,
  type CompileHooksOptions,
  type CompileHooksResult,
  type HookCallbackMatcher,
  type HookGroupInput,
} from './config/compile.js';
export * from './input/types.js';
export { buildHookInput, type HookInputBase } from './input/build.js';
export * from './output/types.js';
export * from './output/schemas.js';
export { validateHookOutput, validateAsyncOutput, validateModelVerdict } from './output/validate.js';
export { interpretReply, parseHookText, parseHookValue, verdictFromJudgement, type ParsedHookAnswer } from './output/interpret.js';
export { spillLongText, MAX_HOOK_TEXT_CHARS, SPILL_PREVIEW_CHARS, type SpillTarget } from './output/spill.js';
export { toHookOutput } from './output/to-hook-output.js';
export * from './combine/index.js';
export * from './transports/registry.js';
export * from './transports/command.js';
export * from './transports/http.js';
export * from './transports/in-process.js';
export * from './dispatcher.js';
