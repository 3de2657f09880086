import { createRequire } from 'node:module';

/** toolgate's version, read from its package.json. */
export const TOOLGATE_VERSION: string = (() => {
  try {
    const require = createRequire(import.meta.url);
    for (const candidate of ['../../package.json', '../package.json']) {
      try {
        const pkg = require(candidate) as { name?: string; version?: string };
        if (pkg.name === 'toolgate' && typeof pkg.version === 'string') return pkg.version;
      } catch {
        // try the next
      }
    }
  } catch {
    // fall through
  }
  return 'unknown';
})();
