import type { Client, Lang } from '../../api/node';
import type { BomDocument, BomFile } from '../../core/enrich/document';
import type { EnrichSet, MatchOutcome } from '../../core/enrich/enrich-plan';
import { lookupInputs, planSets, withChangesColumn } from '../../core/enrich/enrich-sets';
import { locateBom, type LocatedBom } from '../../core/enrich/locate';
import { SUMMARY_SHEET_NAME } from '../../core/report/sheet-layout';
import { summaryRowsOf } from '../../core/report/summary-rows';
import { summarizeBom } from '../../core/report/summary';
import type { BomSummary } from '../../core/report/types';
import { FileError, UsageError } from '../../node/errors';
import { buildReplacementColumn } from '../../src/sheets/replacement-column';

/*
 * The summary of a BOM file, read and looked up exactly as `partspec enrich` and the add-in's
 * summary read it: the core locates the BOM, plans its first part-number set and counts; this
 * module only moves cells from the file to the core and the lookups to the client.
 */

/** What the file adapter needs of an opened BOM. */
type OpenedBom = Pick<BomFile, 'sheetNames' | 'values' | 'occupiedWidth' | 'writeColumn'>;

/**
 * The BOM's sheets but the PartSpec Summary sheet, so a re-run never takes the summary's own
 * tables (which have a 'Part number' column) for the BOM, even when the user moved it first.
 */
export function withoutSummarySheet(file: OpenedBom): OpenedBom {
  return {
    sheetNames: file.sheetNames.filter((name) => name !== SUMMARY_SHEET_NAME),
    values: (name) => file.values(name),
    occupiedWidth: (name) => file.occupiedWidth?.(name) ?? 0,
    writeColumn: (name, write) => file.writeColumn(name, write),
  };
}

export interface BomSummaryOptions {
  /** The part-number column by its header or letters. */
  column?: string;
  builds?: number;
  automotive: boolean | 'auto';
  lang: Lang;
  today: Date;
  signal?: AbortSignal;
  onPhase?: (phase: 'looking up' | 'replacements', count: number) => void;
}

/** What the summary was computed from, for the caller's messages and `--fail-on`. */
export interface FileSummary {
  summary: BomSummary;
  bom: LocatedBom;
  set: EnrichSet;
  outcomes: ReadonlyMap<string, MatchOutcome>;
  /** The Changes cells an earlier enrich wrote, one per BOM row ('' for none), when the BOM has that column. */
  changes?: readonly string[];
}

/**
 * Locates the BOM in `document`, looks its part numbers up (one lookup), finds replacement
 * candidates for the parts at risk and computes the summary with the core. Reads the Changes
 * column an earlier `partspec enrich` wrote, when there is one.
 */
export async function summarizeBomDocument(document: BomDocument, client: Client, options: BomSummaryOptions): Promise<FileSummary> {
  const bom = await locateBom(document, options.column === undefined ? undefined : { name: options.column });
  if (!bom.ok) throw bom.kind === 'column' ? new UsageError(bom.message, { showUsage: false }) : new FileError(bom.sheetName ? `Sheet '${bom.sheetName}': ${bom.message}` : bom.message);
  const { layout, region, headers, headerOrigin } = bom;
  const rowCount = layout.lastRow - layout.firstRow + 1;
  const rows = await document.read(region.sheetName, { row: layout.firstRow, column: headerOrigin, rowCount, columnCount: region.lastColumn - headerOrigin + 1 });
  const bomRows = { headers, headerOrigin, lastColumn: region.lastColumn, rows };
  // Planned with the Changes column only, so an existing 'PartSpec: Changes' column is found by the core's own rule.
  const [set] = planSets(bomRows, layout.partColumn, withChangesColumn([]), []);
  const changesColumn = set.planned.find((p) => p.spec.special === 'changes' && p.existing);
  const changes = changesColumn && rows.map((row) => String(row[changesColumn.column - headerOrigin] ?? '').trim());
  const inputs = lookupInputs([set]);
  options.onPhase?.('looking up', inputs.length);
  const outcomes: Map<string, MatchOutcome> = inputs.length > 0 ? await client.lookup(inputs, { lang: options.lang, signal: options.signal }) : new Map();
  options.onPhase?.('replacements', inputs.length);
  const { answers } = await buildReplacementColumn(client, { inputs, outcomes, today: options.today, lang: options.lang, signal: options.signal });
  const summaryRows = summaryRowsOf({ set, bom: bomRows, firstRow: layout.firstRow, outcomes, replacements: answers, ...(changes ? { changes } : {}) });
  const summary = summarizeBom(summaryRows, { today: options.today, builds: options.builds, automotive: options.automotive, fetchedAt: new Date().toISOString() });
  return { summary, bom, set, outcomes, ...(changes ? { changes } : {}) };
}
