/** Shard 4 of the conformance corpus (test/conformance/corpus.ts). */
import { describeShard } from './corpus.js';

describeShard(4);
