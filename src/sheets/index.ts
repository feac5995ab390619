/**
 * Everything that writes product data into worksheets. The pure core (core/) builds columns, rows,
 * formats, chunk plans and highlight rules; import, enrich and refresh are the only code that calls
 * Excel.run, through the `run` they are given.
 */
export * from '../../core/address';
export * from '../../core/dates';
export * from '../../core/cells/risk';
export * from '../../core/cells/cell-values';
export * from '../../core/cells/columns';
export * from '../../core/cells/number-formats';
export * from '../../core/cells/rows';
export * from '../../core/tables/chunks';
export * from '../../core/names';
export * from '../../core/bom/bom';
export * from '../../core/enrich/enrich-plan';
export * from '../../core/enrich/highlight';
export * from '../../core/tables/metadata';
export * from '../../core/tables/status-text';
export * from './deps';
export { writeTable, writeStatusCell, rowBytesOf, type TableWrite, type TableWriteOutcome } from './write-table';
export * from './import';
export * from './enrich';
export * from './refresh';
export * from './bom-tools';
export * from './apply-replacement';
