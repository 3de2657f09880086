export * from './types.js';
export * from './ports.js';
export * from './text.js';
