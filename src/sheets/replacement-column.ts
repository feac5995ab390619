/* The Replacement column of an enrichment is built in the core, for the add-in and the command line alike. */
export { buildReplacementColumn, type ReplacementColumnInput, type ReplacementColumnResult } from '../../core/enrich/replacement-column';
