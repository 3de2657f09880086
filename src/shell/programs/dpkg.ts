/**
 * dpkg as the front end of dpkg-deb (dpkg(1), "dpkg-deb actions"): `-x|--extract` and
 * `-X|--vextract` are handed to dpkg-deb, which has tar write the names the package's data holds
 * into the folder named last — any of them a protected path. Red team 24 (RT24-K, verified under
 * strace: dpkg -> dpkg-deb -> tar) had `dpkg -x x.deb .` overwrite `.claude/settings.json` in
 * bypassPermissions while `dpkg-deb -x x.deb .` asked. Only these actions are modelled: they are
 * read as dpkg-deb's (`extractors.ts`); what dpkg does otherwise (install, remove, query) stays
 * unknown (`otherwiseUnknown`), judged as before.
 */
import { extractorFiles } from './extractors.js';
import { defineProgram } from './model.js';

/** dpkg's actions it passes to dpkg-deb that write an archive's names into a folder. */
const EXTRACTS = new Set(['-x', '--extract', '-X', '--vextract']);

/** @internal */
export const dpkg = defineProgram({
  names: ['dpkg'],
  summary: 'dpkg: the Debian package manager (only the extracting actions it hands to dpkg-deb are modelled)',
  sources: ['dpkg 1.21 dpkg(1) (dpkg-deb actions), dpkg-deb(1); verified on Debian 12 under strace (#37, red team 24 RT24-K)'],
  files: (_name, argv) =>
    argv.slice(1).some((a) => EXTRACTS.has(a)) ? extractorFiles('dpkg-deb', argv) : { files: [], unresolved: [], modelled: 'partly' },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'dpkg -x x.deb .',
      effects: ['write . [some]', 'write ./x.deb (word)', 'write . [some] (path)'],
      readOnly: false,
      why: 'dpkg-deb writes the names the package holds into . (red team 24)',
    },
    { command: 'dpkg --vextract x.deb out', readOnly: false },
    { command: 'dpkg -l', effects: [], readOnly: false, why: 'not an extracting action: judged as an unmodelled program' },
  ],
});
