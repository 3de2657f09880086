/**
 * V8's flags for the shell grammar's WebAssembly in a hook call, set before the grammar loads
 * (`liftoffOnly` in hook.ts says why each one). One list for the hook and its loader
 * (`hook-loader.ts`), which sets them before it compiles anything for a call that will parse: a
 * code cache made under some flags is read only under the same ones.
 */
export const WASM_FLAGS: readonly string[] = ['--liftoff-only', '--wasm-lazy-validation'];

/**
 * Set {@link WASM_FLAGS}, for the hook and its loader. `node:v8` only wraps the `v8` binding's
 * `setFlagsFromString`, but its first load in a process costs ≈ 2–2.5 ms of CPU (it loads Node's
 * heap utilities and streams), on every hook call that parses a compound command; the binding
 * itself costs ≈ 0.5 ms. `process.binding('v8')` is deprecated (DEP0111: a warning on stderr, which
 * a hook's reply must not carry), so the warning is held back while the binding is fetched, and
 * anything unexpected (no `process.binding`, no such function, a throw) falls back to `node:v8`.
 * The flags are the same either way.
 */
export async function setWasmFlags(): Promise<void> {
  await setV8Flags(WASM_FLAGS);
}

/** Set V8 `flags` in this process, as {@link setWasmFlags} does (`toolgate lint` sets its own, see cli/lint.ts). */
export async function setV8Flags(flags: readonly string[]): Promise<void> {
  const set = bindingSetFlags() ?? (await v8SetFlags());
  for (const flag of flags) set(flag);
}

/** The `v8` binding's `setFlagsFromString` through `process.binding`, without its deprecation warning; undefined when absent. */
function bindingSetFlags(): ((flags: string) => void) | undefined {
  const binding = (process as { binding?: unknown }).binding;
  if (typeof binding !== 'function') return undefined;
  // Node checks `noDeprecation` when it emits the warning, synchronously inside the call.
  const quiet = process.noDeprecation;
  try {
    process.noDeprecation = true;
    const v8 = binding.call(process, 'v8') as { setFlagsFromString?: unknown } | undefined;
    const set = v8?.setFlagsFromString;
    return typeof set === 'function' ? (flags: string) => void set.call(v8, flags) : undefined;
  } catch {
    return undefined;
  } finally {
    if (quiet === undefined) delete process.noDeprecation;
    else process.noDeprecation = quiet;
  }
}

/** `node:v8`'s `setFlagsFromString`; `process.getBuiltinModule` (Node ≥ 20.16) loads it without `import()`. */
async function v8SetFlags(): Promise<(flags: string) => void> {
  const v8 = (process.getBuiltinModule?.('node:v8') as typeof import('node:v8') | undefined) ?? (await import('node:v8'));
  return (flags) => v8.setFlagsFromString(flags);
}
