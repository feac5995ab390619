/**
 * The fields an enrichment adds when none are chosen: the taskpane's first Enrich, the ribbon's
 * Enrich selection before any choice, and `partspec enrich` / `partspec lookup` without `--fields`.
 */
export const DEFAULT_ENRICH_FIELDS: readonly string[] = ['Status', 'Specs.Capacitance', 'Specs.Inductance', 'Specs.RatedVoltage', 'Specs.SizecodeInch'];
