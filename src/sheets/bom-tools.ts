import { columnLetters } from '../../core/address';
import { findAlternateColumns } from '../../core/bom/bom';
import { identifyPartSpecHeader, parsePartSpecHeader } from '../../core/cells/columns';
import type { LookupStatus } from '../../api/client/lookup';
import type { Lang } from '../../api/vocabulary';
import { MATCH_WORDS, readMatchText } from '../../core/enrich/match-words';
import { rowToolWords } from './row-tool-words';
import { readBom } from './read-bom';
import { readRows } from './excel-document';
import type { RunExcel } from './deps';
import { supports } from './requirements';

export interface BomColumnInfo {
  /** What `enrichSelection`'s `partColumn` takes: the column's data rows, sheet-qualified (`'BOM'!C2:C41`). */
  id: string;
  /** Column letters as Excel shows them. */
  letter: string;
  header: string;
}

/** A column that could hold the maker's part numbers, with values to tell it by. */
export interface BomCandidateInfo extends BomColumnInfo {
  /** Up to 5 values below the header, as text. */
  samples: string[];
}

export type BomInspection =
  | {
      ok: true;
      sheetName: string;
      columns: BomColumnInfo[];
      detected: string;
      rows: number;
      /** The columns that could hold the part numbers, best first (the detected one first); empty when the selection named the column. */
      candidates: BomCandidateInfo[];
      /** The runner-up is about as likely as the detected column: the user should choose. */
      ambiguous: boolean;
      /** How the column was found when its header alone did not say so. */
      note?: string;
      /** Ids of second-source columns of the detected one (MPN2 beside MPN), to enrich too. */
      alternates: string[];
      /** Why the selected column is not the part numbers: `detected` is then the column that holds them, offered, not used. */
      refused?: string;
    }
  | { ok: false; message: string };

/** A BOM column's id as the pane and the row actions pass it: its range on its sheet, `'Sheet 1'!C2:C40`. */
export function bomColumnId(sheetName: string, range: string): string {
  return `'${sheetName.replace(/'/g, "''")}'!${range}`;
}

/**
 * Reads the BOM around the selection (its table or the sheet's used range) without writing:
 * its columns, the one that looks like part numbers and how many data rows it has. The taskpane
 * shows this so the user can confirm or pick another part-number column.
 */
export async function inspectBom(run: RunExcel, partColumn?: string): Promise<BomInspection> {
  const read = await readBom(run, partColumn);
  if (!read.ok && !read.instead) return { ok: false, message: read.message };
  const bom = read.ok ? read.bom : read.instead!;
  const refused = read.ok ? undefined : read.message;
  const { layout } = bom;
  const columnId = (column: number): string => {
    const letter = columnLetters(column);
    return bomColumnId(bom.sheetName, `${letter}${layout.firstRow + 1}:${letter}${layout.lastRow + 1}`);
  };
  const columns = bom.headers
    .map((header, i) => ({ column: bom.headerOrigin + i, header: header === null || header === undefined ? '' : String(header) }))
    // PartSpec's own columns (the first column's and every second source's) are results, not part numbers.
    .filter((c) => parsePartSpecHeader(c.header) === undefined)
    .map((c) => ({ id: columnId(c.column), letter: columnLetters(c.column), header: c.header }));
  const alternates = findAlternateColumns(bom.headers, layout.partColumn - bom.headerOrigin, layout.shift).map((i) => columnId(bom.headerOrigin + i));
  // A second source (MPN2 beside MPN) is no rival: it is offered to enrich too, not to choose between.
  const candidates = layout.candidates
    .map((c) => ({ id: columnId(c.column), letter: columnLetters(c.column), header: c.header, samples: c.samples }))
    .filter((c) => !alternates.includes(c.id));
  return {
    ok: true,
    sheetName: bom.sheetName,
    columns,
    detected: columnId(layout.partColumn),
    rows: layout.lastRow - layout.firstRow + 1,
    candidates,
    ambiguous: layout.ambiguous,
    ...(layout.note ? { note: layout.note } : {}),
    alternates,
    ...(refused ? { refused } : {}),
  };
}

/** Merges sorted 0-based rows into runs of consecutive rows. */
export function rowRuns(rows: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const row of [...rows].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && row === last[1] + 1) last[1] = row;
    else if (!last || row > last[1]) runs.push([row, row]);
  }
  return runs;
}

export type RowSelection =
  | {
      ok: true;
      /** How many rows the rule picked. */
      rows: number;
      /** Every picked row across the BOM's columns, as areas (`A3:D4,A6:D6`). */
      address: string;
      /**
       * What Excel now selects: `address`, or, where Excel cannot select several areas at once
       * (before ExcelApi 1.18), its first area.
       */
      selected: string;
    }
  | { ok: false; message: string };

/**
 * Selects the BOM rows whose `PartSpec: Match` cell holds one of the statuses (for example the
 * Not found and Invalid rows after an enrichment), as one multi-area selection across the BOM's
 * columns. Nothing is written. What it says when it cannot is in `lang` (the pane's Enrich language).
 */
export async function selectRowsWithStatus(run: RunExcel, statuses: readonly LookupStatus[], partColumn?: string, lang: Lang = 'en'): Promise<RowSelection> {
  const labels = new Set(statuses.map((s) => MATCH_WORDS[lang].statuses[s]));
  const words = rowToolWords(lang);
  const wanted = new Set<string>(statuses);
  return selectRowsWhere(run, partColumn, lang, {
    column: 'match',
    missing: words.noMatch,
    // A Match cell in any language, and a did-you-mean as Not found.
    picks: (value) => wanted.has(readMatchText(value) ?? ''),
    none: words.noStatus([...labels]),
  });
}

/**
 * Selects the BOM rows whose `PartSpec: Changes` cell names a change (after a re-enrichment), as
 * one multi-area selection across the BOM's columns, like the not-found rows. Nothing is written.
 */
export async function selectChangedRows(run: RunExcel, partColumn?: string, lang: Lang = 'en'): Promise<RowSelection> {
  const words = rowToolWords(lang);
  return selectRowsWhere(run, partColumn, lang, {
    column: 'changes',
    missing: words.noChanges,
    picks: (value) => String(value ?? '').trim() !== '',
    none: words.noneChanged,
  });
}

interface RowRule {
  /** The PartSpec column whose cells decide. */
  column: 'match' | 'changes';
  /** Said when the BOM has no such column. */
  missing: string;
  picks: (value: unknown) => boolean;
  /** Said when no row is picked. */
  none: string;
}

/** Selects, across the BOM's columns, the rows whose cell in `rule.column` the rule picks: one read, one select. */
async function selectRowsWhere(run: RunExcel, partColumn: string | undefined, lang: Lang, rule: RowRule): Promise<RowSelection> {
  const read = await readBom(run, partColumn, lang);
  if (!read.ok) return read;
  const { bom } = read;
  const { layout } = bom;
  const index = bom.headers.findIndex((h) => identifyPartSpecHeader(h) === rule.column);
  if (index < 0) return { ok: false, message: rule.missing };
  return run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(bom.sheetName);
    const values = await readRows(context, sheet, { row: layout.firstRow, column: bom.headerOrigin + index, rowCount: layout.lastRow - layout.firstRow + 1, columnCount: 1 });
    const rows = values.flatMap((r, i) => (rule.picks(r[0]) ? [layout.firstRow + i] : []));
    if (rows.length === 0) return { ok: false as const, message: rule.none };
    const first = columnLetters(bom.headerOrigin);
    const last = columnLetters(bom.lastColumn);
    const areas = rowRuns(rows).map(([a, b]) => `${first}${a + 1}:${last}${b + 1}`);
    const address = areas.join(',');
    let selected = address;
    if (supports('ExcelApi', '1.18')) {
      sheet.getRanges(address).select();
    } else {
      // RangeAreas.select() throws before ExcelApi 1.18 (Excel before Version 2501, volume-licensed Office).
      selected = areas[0];
      sheet.getRange(selected).select();
    }
    await context.sync();
    return { ok: true as const, rows: rows.length, address, selected };
  });
}
