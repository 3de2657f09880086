/** Shard 1 of the conformance corpus (test/conformance/corpus.ts); and the checks over the whole corpus. */
import { describeCorpusChecks, describeShard } from './corpus.js';

describeShard(1);

describeCorpusChecks();
