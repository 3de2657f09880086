/**
 * V8's flags for the shell grammar's WebAssembly in a hook call, set before the grammar loads
 * (`liftoffOnly` in hook.ts says why each one). One list for the hook and its loader
 * (`hook-loader.ts`), which sets them before it compiles anything for a call that will parse: a
 * code cache made under some flags is read only under the same ones.
 */
export const WASM_FLAGS: readonly string[] = ['--liftoff-only', '--wasm-lazy-validation'];
