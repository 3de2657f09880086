import { spawn } from 'node:child_process';
import type { CommandHandler, Env, HookTransport, TransportReply, TransportRequest } from '../types.js';

/** Options of {@link createCommandTransport}. @public */
export interface CommandTransportOptions {
  /** Environment the hook inherits before toolgate's variables are added. Default: `process.env`. */
  baseEnv?: Env;
  /** Milliseconds between SIGTERM and SIGKILL when a hook is stopped. Default 2000. */
  killGraceMs?: number;
  /** Bytes of stdout and of stderr kept; the rest is read and discarded. Default 1 MiB. */
  maxOutputBytes?: number;
}

/**
 * The `command` transport (Claude Code docs, "Hooks reference › Command hook fields"): runs
 * `sh -c <command>` (or `command` with `args`, no shell) in its own process group, with the event
 * JSON on stdin, in `request.cwd`, with `baseEnv` plus `request.env`. When `request.signal` aborts
 * (timeout or cancellation) the whole process group gets SIGTERM, then SIGKILL after
 * `killGraceMs`. stdout and stderr are captured up to `maxOutputBytes` each; the rest is drained
 * and counted in `droppedBytes`. Never throws: a spawn failure is `{ status: 'failed' }`.
 * @public
 */
export function createCommandTransport(options: CommandTransportOptions = {}): HookTransport {
  const grace = options.killGraceMs ?? 2000;
  const cap = options.maxOutputBytes ?? 1024 * 1024;
  return {
    run(h, request) {
      return runCommand(h as CommandHandler, request, options.baseEnv ?? process.env, grace, cap);
    },
  };
}

function runCommand(h: CommandHandler, req: TransportRequest, baseEnv: Env, grace: number, cap: number): Promise<TransportReply> {
  return new Promise<TransportReply>((resolve) => {
    if (req.signal.aborted) return resolve({ status: 'cancelled' });
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...baseEnv, ...req.env })) if (v !== undefined) env[k] = v;
    const [file, argv] =
      h.args !== undefined
        ? [h.command, h.args]
        : h.shell === 'powershell'
          ? ['pwsh', ['-NoProfile', '-NonInteractive', '-Command', h.command]]
          : ['sh', ['-c', h.command]];
    let child;
    try {
      child = spawn(file, argv, { cwd: req.cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    } catch (e) {
      return resolve({ status: 'failed', error: `could not start hook: ${e instanceof Error ? e.message : String(e)}` });
    }
    const out = collector(cap);
    const err = collector(cap);
    child.stdout.on('data', out.push);
    child.stderr.on('data', err.push);
    child.stdin.on('error', () => {}); // the hook may exit without reading stdin (EPIPE)
    child.stdin.end(req.inputJson);

    let aborted = false;
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    const killGroup = (sig: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, sig);
      } catch {
        try {
          child.kill(sig);
        } catch {
          /* already gone */
        }
      }
    };
    const onAbort = () => {
      aborted = true;
      killGroup('SIGTERM');
      killTimer = setTimeout(() => killGroup('SIGKILL'), grace);
      killTimer.unref?.();
    };
    req.signal.addEventListener('abort', onAbort, { once: true });

    let spawnError: Error | undefined;
    child.on('error', (e) => {
      spawnError = e;
    });
    child.on('close', (code, signal) => {
      req.signal.removeEventListener('abort', onAbort);
      if (aborted) {
        // Make sure nothing the hook left behind survives, then report.
        killGroup('SIGKILL');
        if (killTimer !== undefined) clearTimeout(killTimer);
        return resolve({ status: 'cancelled' });
      }
      if (spawnError !== undefined && code === null && signal === null)
        return resolve({ status: 'failed', error: `could not start hook: ${spawnError.message}` });
      const dropped = out.dropped + err.dropped;
      resolve({
        status: 'exited',
        exitCode: code,
        signal,
        stdout: out.text(),
        stderr: err.text(),
        ...(dropped > 0 ? { droppedBytes: dropped } : {}),
      });
    });
  });
}

function collector(cap: number) {
  const chunks: Buffer[] = [];
  let kept = 0;
  const state = {
    dropped: 0,
    push: (chunk: Buffer) => {
      const room = cap - kept;
      if (room <= 0) {
        state.dropped += chunk.length;
        return;
      }
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      chunks.push(part);
      kept += part.length;
      state.dropped += chunk.length - part.length;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
  return state;
}
