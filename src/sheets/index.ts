/**
 * Everything that writes product data into worksheets. The pure core (core/) builds columns, rows,
 * formats, chunk plans and highlight rules; import, enrich and refresh are the only code that calls
 * Excel.run, through the `run` they are given.
 */
export * from './core/address';
export * from './core/dates';
export * from './core/risk';
export * from './core/cell-values';
export * from './core/columns';
export * from './core/number-formats';
export * from './core/rows';
export * from './core/chunks';
export * from './core/names';
export * from './core/bom';
export * from './core/enrich-plan';
export * from './core/highlight';
export * from './core/metadata';
export * from './core/status-text';
export * from './deps';
export { writeTable, writeStatusCell, rowBytesOf, type TableWrite, type TableWriteOutcome } from './write-table';
export * from './import';
export * from './enrich';
export * from './refresh';
export * from './bom-tools';
export * from './replacement-column';
export * from './apply-replacement';
