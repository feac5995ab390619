/** The `$filter` and `$orderby` language: one module for the client and the emulator, so they cannot drift. */
export * from './ast';
export * from './builder';
export * from './evaluate';
export * from './format';
export * from './orderby';
export * from './parse';
export * from './validate';
export { tokenize, type Token } from './tokenize';
