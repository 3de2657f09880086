/**
 * What the CLI writes, captured for a test file that runs `main` in-process: each test starts
 * with empty `out` and `err` and no exit code; afterwards the real streams are back.
 */
import { afterEach, beforeEach, vi } from 'vitest';

/** The text the CLI wrote to stdout and stderr in the current test (tests may reset either). */
export interface CapturedOutput {
  out: string;
  err: string;
}

/** Capture stdout and stderr around every test of the calling file. */
export function captureOutput(): CapturedOutput {
  const io: CapturedOutput = { out: '', err: '' };
  beforeEach(() => {
    io.out = '';
    io.err = '';
    process.exitCode = undefined;
    vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((io.out += String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((io.err += String(s)), true));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });
  return io;
}
