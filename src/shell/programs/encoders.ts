/**
 * `base64`, `base32`, `basenc`: encode or decode their file to standard output. basenc has the
 * encodings as options of its own, so it has a grammar of its own.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerEffects } from './readers.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 base64(1), base32(1): every option. */
const grammar: GnuOptionSpec = { short: 'diw:', long: longOptions('decode ignore-garbage wrap= help version') };

/** GNU coreutils 9.1 basenc(1): every option (the encodings are flags). */
const basencGrammar: GnuOptionSpec = {
  short: 'diw:',
  long: longOptions('base64 base64url base32 base32hex base16 base2msbf base2lsbf z85 decode ignore-garbage wrap= help version'),
};

/** The basenc model. @internal */
export const basenc = defineProgram({
  names: ['basenc'],
  summary: 'basenc: encode or decode data',
  sources: [coreutils('basenc')],
  grammar: basencGrammar,
  files: (name, argv) => readerEffects(name, argv, basencGrammar),
  runs: 'unseen',
  examples: [
    { command: 'basenc --base16 -w 0 key.pem', effects: ['read ./key.pem'], readOnly: false, why: '-w takes the line width' },
    { command: 'basenc --z85 -d enc.txt', effects: ['read ./enc.txt'] },
  ],
});

/** The base64 model. @internal */
export const encoders = defineProgram({
  names: ['base64', 'base32'],
  summary: 'base64, base32: encode or decode data',
  sources: [coreutils('base64'), coreutils('base32')],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  runs: 'unseen',
  examples: [
    { command: 'base64 -w 0 key.pem', effects: ['read ./key.pem'], readOnly: false, why: '-w takes the line width' },
    { command: 'base32 -d enc.txt', effects: ['read ./enc.txt'] },
    { command: 'base64 --wrap 0 key.pem', effects: ['read ./key.pem'], why: '--wrap takes the next word' },
  ],
});
