/**
 * Replacements for parts that are ending: the drop-in rules as data over the vocabulary, the
 * ranking and its sentences, parameter groups (one search serves every original of a group) and
 * the client call that ties them together.
 */
export * from './rules';
export * from './compare';
export * from './groups';
export * from './find';
export * from './table';
