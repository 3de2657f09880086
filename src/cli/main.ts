#!/usr/bin/env node
// `toolgate hook` runs once per tool call: it skips the full command line program.
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
if (args[0] === 'hook' && !args.includes('--help') && !args.includes('-h')) {
  const { loadHook } = await import('./hook-loader.js');
  const { hook, afterCall } = await loadHook(fileURLToPath(new URL('hook.cjs', import.meta.url)));
  process.exitCode = await hook.hookMain(args.slice(1));
  afterCall();
} else {
  const { main } = await import('./program.js');
  process.exitCode = await main(process.argv);
}
