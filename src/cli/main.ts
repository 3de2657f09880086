#!/usr/bin/env node
// `toolgate hook` runs once per tool call: it skips the full command line program.
const args = process.argv.slice(2);
if (args[0] === 'hook' && !args.includes('--help') && !args.includes('-h')) {
  const { hookMain } = await import('./hook.js');
  process.exitCode = await hookMain(args.slice(1));
} else {
  const { main } = await import('./program.js');
  process.exitCode = await main(process.argv);
}
