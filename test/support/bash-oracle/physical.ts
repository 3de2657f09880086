/**
 * Where a sandbox path really leads: the run's areas are host directories mounted at sandbox
 * paths, and the fixture holds links that leave the project, so the directory a shell says it is
 * in (`/home/user/project/vendor/keys`) may physically be `/home/user/.ssh` — which is what
 * Claude Code keeps as the next call's working directory (it records `pwd -P`).
 */
import { lstatSync, readlinkSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { AREAS, type Area } from './areas.js';

/** Areas, the most nested first, so `/home/user/project` wins over `/home/user` and `/home`. */
const BY_DEPTH = (Object.entries(AREAS) as [Area, string][]).sort(([, a], [, b]) => b.length - a.length);

/** Where the sandbox binds the stub directory (read-only), which the oracle keeps beside its run directories. */
const STUBS_AT = '/usr/local/bin';

/**
 * The host path of a sandbox path: inside an area, under the run directory; in `/usr/local/bin`,
 * the oracle's stubs (so a link or copy of `/usr/local/bin/evil` is seen to lead to a program);
 * elsewhere the host's own (read-only) file.
 */
export function hostPath(runDir: string, sandboxPath: string): string {
  if (sandboxPath === STUBS_AT || sandboxPath.startsWith(`${STUBS_AT}/`))
    return join(dirname(runDir), 'stubs', sandboxPath.slice(STUBS_AT.length + 1));
  for (const [area, at] of BY_DEPTH) {
    if (sandboxPath === at) return join(runDir, area);
    if (sandboxPath.startsWith(`${at}/`)) return join(runDir, area, sandboxPath.slice(at.length + 1));
  }
  return sandboxPath;
}

/**
 * The physical sandbox path of an absolute sandbox path (every link followed, `..` applied after
 * the link it follows, as the kernel does), or `undefined` when a component is missing or the
 * links loop.
 */
export function physicalPath(runDir: string, sandboxPath: string): string | undefined {
  let rest = sandboxPath.split('/').filter(Boolean);
  let at = '/';
  for (let hops = 0; rest.length > 0;) {
    const name = rest.shift()!;
    if (name === '.') continue;
    if (name === '..') {
      at = posix.dirname(at);
      continue;
    }
    const next = at === '/' ? `/${name}` : `${at}/${name}`;
    let st;
    try {
      st = lstatSync(hostPath(runDir, next));
    } catch {
      return undefined;
    }
    if (!st.isSymbolicLink()) {
      at = next;
      continue;
    }
    if (++hops > 40) return undefined;
    const target = readlinkSync(hostPath(runDir, next));
    rest = [...target.split('/').filter(Boolean), ...rest];
    if (target.startsWith('/')) at = '/';
  }
  return at;
}
