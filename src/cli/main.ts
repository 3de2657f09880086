#!/usr/bin/env node
// `toolgate hook` runs once per tool call: it skips the full command line program. The package's
// build makes this file CommonJS (dist/cli/package.json says so), so a hook call never starts
// Node's ES module loader (≈ 10 ms of each call's CPU); the rest of the command line is an ES
// module this file imports.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hookCallKind, loadHook } from './hook-loader.js';
import { exitOnClosedPipe } from './closed-pipe.js';

/** The event on stdin, read here to pick the hook's code cache by the kind of call; undefined when a plain read fails (the hook reads it then). */
function readEvent(): string | undefined {
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return undefined;
  }
}

const args = process.argv.slice(2);
if (args[0] === 'hook' && !args.includes('--help') && !args.includes('-h')) {
  const input = readEvent();
  void loadHook(fileURLToPath(new URL('hook.cjs', import.meta.url)), process.env, input === undefined ? 'any' : hookCallKind(input)).then(
    async ({ hook, afterCall }) => {
      process.exitCode = await hook.hookMain(args.slice(1), input);
      afterCall();
    },
  );
} else {
  // A reader that closes early (`| head`) ends the command quietly, not with a stack trace.
  exitOnClosedPipe(process.stdout);
  // `lint` loads only its own command (lint-program.ts): the other commands' modules are ≈ 50 ms
  // of CPU at its start.
  void (args[0] === 'lint' ? import('./lint-program.js') : import('./program.js')).then(async ({ main }) => {
    process.exitCode = await main(process.argv);
  });
}
