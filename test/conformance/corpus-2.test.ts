/** Shard 2 of the conformance corpus (test/conformance/corpus.ts). */
import { describeShard } from './corpus.js';

describeShard(2);
