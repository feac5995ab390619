/**
 * The API's vocabulary: every fact of the spec's tables, as data. The client, the validator, the
 * emulator, the taskpane pickers and the function help all read it; nothing retypes a field list.
 */
export * from './constants';
export * from './categories';
export * from './values';
export * from './fields';
export * from './filter-fields';
export * from './lookup';
export * from './display';
export * from './labels';
