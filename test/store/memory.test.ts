import { createMemoryStore } from '../../src/store/index.js';
import { describeStore } from './suite.js';

describeStore('memory', async () => createMemoryStore());
