/** Reading the core's enrichment report in tests, as the shells read it. */
import type { EnrichedSet, EnrichmentReport, EnrichmentRun } from '../../core/enrich/run-enrichment';
import { entryText } from '../../core/enrich/enrich-plan';

/** The report of a run that found its BOM; the test fails with the reason when it did not. */
export function reportOf(run: EnrichmentRun | undefined): EnrichmentReport {
  if (!run) throw new Error('The enrichment did not run.');
  if (!run.ok) throw new Error(`No BOM was found (${run.kind}): ${run.message}`);
  return run;
}

/** The first set of a run: the part-number column's own. */
export function firstSet(report: EnrichmentReport): EnrichedSet {
  const [first] = report.sets;
  if (!first) throw new Error('The run has no set.');
  return first;
}

/** 1-based sheet rows the run's Changes column names (empty when it did not compare). */
export function changedSheetRows(report: EnrichmentReport): number[] {
  return (report.sets[0]?.changes?.report.changedRows ?? []).map((r) => report.bom.layout.firstRow + r + 1);
}

/** 1-based sheet rows of the first set whose match is Not found or Invalid. */
export function problemSheetRows(report: EnrichmentReport): number[] {
  return (report.sets[0]?.entries ?? []).flatMap((e, i) => {
    const text = entryText(e);
    const status = text === undefined ? undefined : report.outcomes.get(text)?.status;
    return status === 'notFound' || status === 'invalid' ? [report.bom.layout.firstRow + i + 1] : [];
  });
}
