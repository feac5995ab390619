/**
 * The rows a summary is computed from, built the same way by every shell from what an enrichment
 * planned and looked up: the first part-number column's set, the BOM's rows, the outcomes by part
 * number, and the quantity and designator columns found by their headers.
 */
import type { ReplacementAnswer } from '../../api/replacements';
import type { PlanningRows } from '../enrich/enrich-sets';
import { entryText, type EnrichSet, type MatchOutcome } from '../enrich/enrich-plan';
import { findDataShift, shiftIndex } from '../bom/data-shift';
import { DESIGNATOR_WORDS, QUANTITY_WORDS } from '../bom/header-words';
import { foldWords } from '../fold';
import { splitDesignators } from './quantities';
import type { SummaryRow } from './types';

function findHeader(headers: readonly unknown[], words: readonly string[]): number | undefined {
  const folded = headers.map((h) => foldWords(h, { hash: false }));
  const exact = folded.findIndex((f) => words.includes(f));
  return exact < 0 ? undefined : exact;
}

/** Index into `headers` of the quantity column, or undefined. */
export function findQuantityColumn(headers: readonly unknown[]): number | undefined {
  return findHeader(headers, QUANTITY_WORDS);
}

/** Index into `headers` of the reference-designator column, or undefined. */
export function findDesignatorColumn(headers: readonly unknown[]): number | undefined {
  return findHeader(headers, DESIGNATOR_WORDS);
}

export interface SummaryRowsInput {
  /** The first set of the enrichment (the BOM's own part numbers; second sources are not summarised). */
  set: Pick<EnrichSet, 'partColumn' | 'kinds' | 'entries'>;
  bom: Pick<PlanningRows, 'headers' | 'headerOrigin' | 'rows'>;
  /** 0-based sheet row of `bom.rows[0]` (the summary's rows are 1-based: this plus one). */
  firstRow: number;
  outcomes: ReadonlyMap<string, MatchOutcome>;
  /** The Changes cell of each row, when the enrichment compared with the last run. */
  changes?: readonly (string | undefined)[];
  /** Replacement answers by part number, when the enrichment looked for them. */
  replacements?: ReadonlyMap<string, ReplacementAnswer>;
  /** Row index → whether its suggestion found the maker's part, for the rows a suggestion was asked for. */
  suggested?: ReadonlyMap<number, boolean>;
}

/** What a line without a part number says: its text cells but the quantity and designators, joined (a number alone is no word). */
function lineText(row: readonly unknown[], skip: readonly (number | undefined)[]): string {
  return row
    .filter((cell, c): cell is string => typeof cell === 'string' && !skip.includes(c))
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '' && !/^\d+(?:[.,]\d+)?$/.test(cell))
    .join(' · ');
}

/** One SummaryRow per BOM row, in order. */
export function summaryRowsOf(input: SummaryRowsInput): SummaryRow[] {
  const { set, bom, firstRow, outcomes } = input;
  const partAt = set.partColumn - bom.headerOrigin;
  const shift = findDataShift(bom.headers, bom.rows, partAt);
  const quantityAt = shiftIndex(findQuantityColumn(bom.headers), shift);
  const designatorAt = shiftIndex(findDesignatorColumn(bom.headers), shift);
  return bom.rows.map((row, r) => {
    const kind = set.kinds[r] ?? 'blank';
    const partNumber = String(row[partAt] ?? '').trim();
    const text = entryText(set.entries[r]);
    const outcome = kind === 'part' && text !== undefined ? outcomes.get(text) : undefined;
    const replacements = outcome && text !== undefined ? input.replacements?.get(text) : undefined;
    const changes = input.changes?.[r];
    const said = partNumber === '' ? lineText(row, [quantityAt, designatorAt]) : '';
    const suggested = input.suggested?.get(r);
    return {
      sheetRow: firstRow + r + 1,
      partNumber,
      kind,
      ...(said ? { text: said } : {}),
      designators: designatorAt === undefined ? [] : splitDesignators(row[designatorAt]),
      ...(quantityAt === undefined ? {} : { quantity: row[quantityAt] }),
      ...(outcome ? { outcome } : {}),
      ...(changes ? { changes } : {}),
      ...(replacements ? { replacements } : {}),
      ...(suggested !== undefined ? { suggested } : {}),
    };
  });
}
