import type { CellValue } from '../cells/cell-values';
import { isSameValue } from '../enrich/changes';
import { identifyPartSpecHeader, type ColumnSpec } from '../cells/columns';
import type { Lang } from '../../api/vocabulary';
import { countText, STATUS_WORDS } from './status-words';

/**
 * What a Refresh of an imported table changed: rows are matched by Partno, cells compared as
 * values (the same rules as a re-enrichment: numbers in SI, dates as days, lists as sets).
 */
export interface TableChanges {
  /** Partnos in the new table that were not in the old one. */
  added: number;
  /** Partnos of the old table that are gone. */
  removed: number;
  /** Rows present in both with at least one different value. */
  changed: number;
  /** Per new row: indexes of the columns whose value changed (empty for unchanged and added rows). */
  changedCells: number[][];
}

/** The field key an imported table's header names (`Capacitance (pF)` → `Specs.Capacitance`). */
function keyOfHeader(header: unknown): string | undefined {
  return typeof header === 'string' ? identifyPartSpecHeader(`PartSpec: ${header}`) : undefined;
}

/**
 * Compares an imported table before and after a refresh. `oldRows` are the values read back
 * (header row first); `columns` and `rows` are what the refresh writes. Columns the old table did
 * not have are not compared.
 */
export function diffImportedTable(oldRows: readonly (readonly unknown[])[], columns: readonly ColumnSpec[], rows: readonly (readonly CellValue[])[]): TableChanges {
  const [headers = [], ...body] = oldRows;
  const oldIndex = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = keyOfHeader(h);
    if (key !== undefined && !oldIndex.has(key)) oldIndex.set(key, i);
  });
  const partnoAt = oldIndex.get('Partno');
  const newPartnoAt = columns.findIndex((c) => c.id === 'Partno');
  const before = new Map<string, readonly unknown[]>();
  if (partnoAt !== undefined) for (const row of body) if (row[partnoAt] !== undefined && row[partnoAt] !== '') before.set(String(row[partnoAt]), row);
  let added = 0;
  let changed = 0;
  const seen = new Set<string>();
  const changedCells = rows.map((row) => {
    const partno = String(row[newPartnoAt] ?? '');
    seen.add(partno);
    const old = before.get(partno);
    if (!old) {
      added++;
      return [];
    }
    const cells = columns.flatMap((spec, c) => {
      const at = oldIndex.get(spec.id);
      return at === undefined || isSameValue(spec, old[at], headers[at], row[c]) ? [] : [c];
    });
    if (cells.length > 0) changed++;
    return cells;
  });
  const removed = [...before.keys()].filter((p) => !seen.has(p)).length;
  return { added, removed, changed, changedCells };
}

/** The status-line words of a refresh's changes in `lang`: `2 added, 1 removed, 5 changed since the last refresh`. */
export function describeTableChanges(changes: Pick<TableChanges, 'added' | 'removed' | 'changed'>, lang: Lang = 'en'): string {
  const { added, removed, changed } = changes;
  const words = STATUS_WORDS[lang];
  if (added + removed + changed === 0) return words.noChange;
  return words.changes(countText(added), countText(removed), countText(changed));
}
