import { attributesOf, elementsOf, tagsOf, type OoxmlPackage, type SheetEntry } from './package-reader';
import type { PackageLoss } from './package-losses';

/*
 * Compares a workbook with its rewritten copy, feature by feature, for what ExcelJS models: sheets
 * and their hidden state, defined names, data validations, conditional formats, merged cells,
 * hyperlinks, notes, pictures and tables. Cells the enrichment writes are left out (their old
 * hyperlinks, notes and highlights are replaced on purpose).
 */

/** The cells an enrichment overwrites: whole columns of one sheet between two rows (0-based). */
export interface WrittenCells {
  sheetName: string;
  columns: readonly number[];
  firstRow: number;
  lastRow: number;
}

interface Area {
  column: number;
  row: number;
  lastColumn: number;
  lastRow: number;
}

/** 0-based areas of a reference list such as `A1:B3 D5` (absolute markers ignored). */
function areasOf(sqref: string): Area[] {
  return sqref
    .split(/\s+/)
    .filter(Boolean)
    .map((ref) => {
      const [a, b = a] = ref.replace(/\$/g, '').split(':');
      const cell = (text: string): [number, number] => {
        const m = /^([A-Z]*)(\d*)$/i.exec(text) ?? ['', '', ''];
        const column = m[1] ? [...m[1].toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1 : -1;
        return [column, m[2] ? Number(m[2]) - 1 : -1];
      };
      const [c1, r1] = cell(a);
      const [c2, r2] = cell(b);
      return { column: c1 < 0 ? 0 : c1, row: r1 < 0 ? 0 : r1, lastColumn: c2 < 0 ? 16383 : c2, lastRow: r2 < 0 ? 1048575 : r2 };
    });
}

function cellCount(sqref: string): number {
  return areasOf(sqref).reduce((n, a) => n + (a.lastColumn - a.column + 1) * (a.lastRow - a.row + 1), 0);
}

/** True when every area of a reference lies inside the written cells of this sheet. */
function isOverwritten(sheet: string, sqref: string, written: WrittenCells | undefined): boolean {
  if (!written || written.sheetName !== sheet) return false;
  return areasOf(sqref).every((a) => a.column === a.lastColumn && written.columns.includes(a.column) && a.row >= written.firstRow && a.lastRow <= written.lastRow);
}

interface SheetFeatures {
  state: string;
  validations: Map<string, number>;
  formats: string[];
  merges: string[];
  links: string[];
  notes: string[];
  pictures: number;
  tables: string[];
}

function featuresOf(pkg: OoxmlPackage, sheet: SheetEntry): SheetFeatures {
  const xml = pkg.text(sheet.path);
  // Extension blocks (x14 data) are named by findUnkeptParts; only the main markup counts here.
  const main = xml.replace(/<extLst>[\s\S]*<\/extLst>/, '');
  const rels = pkg.relationships(sheet.path);
  const validations = new Map<string, number>();
  for (const tag of tagsOf(main, 'dataValidation')) {
    const a = attributesOf(tag);
    const key = a.type === 'list' || a.type === undefined ? (a.type ?? 'any') : `${a.type} ${a.operator ?? 'between'}`;
    validations.set(key, (validations.get(key) ?? 0) + cellCount(a.sqref ?? ''));
  }
  const notes = rels.filter((r) => r.type === 'comments').flatMap((r) => tagsOf(pkg.text(r.target), 'comment').map((t) => attributesOf(t).ref ?? ''));
  const pictures = rels.filter((r) => r.type === 'drawing').reduce((n, r) => n + elementsOf(pkg.text(r.target), 'pic').length, 0);
  const tables = rels.filter((r) => r.type === 'table').map((r) => attributesOf(tagsOf(pkg.text(r.target), 'table')[0] ?? '').displayName ?? r.target);
  return {
    state: sheet.state,
    validations,
    formats: tagsOf(main, 'conditionalFormatting').map((t) => attributesOf(t).sqref ?? ''),
    merges: tagsOf(main, 'mergeCell').map((t) => attributesOf(t).ref ?? ''),
    links: tagsOf(main, 'hyperlink').map((t) => attributesOf(t).ref ?? ''),
    notes,
    pictures,
    tables,
  };
}

/** Defined names as `name` or `name (sheet 'S')`. */
function definedNamesOf(pkg: OoxmlPackage): string[] {
  return tagsOf(pkg.text(pkg.workbookPath), 'definedName').map((tag) => {
    const a = attributesOf(tag);
    const local = a.localSheetId === undefined ? undefined : pkg.sheets[Number(a.localSheetId)]?.name;
    return local === undefined ? `'${a.name}'` : `'${a.name}' (of sheet '${local}')`;
  });
}

function missing(before: readonly string[], after: readonly string[]): string[] {
  const left = [...after];
  return before.filter((x) => {
    const i = left.indexOf(x);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

/**
 * What of the modelled features the written copy lacks compared with the input. Empty when every
 * sheet, name, validation, format, merge, link, note, picture and table came through.
 */
export function findDroppedFeatures(input: OoxmlPackage, output: OoxmlPackage, written?: WrittenCells): PackageLoss[] {
  const found: string[] = [];
  for (const name of missing(definedNamesOf(input), definedNamesOf(output))) found.push(`the defined name ${name}`);
  for (const sheet of input.sheets.filter((s) => s.kind === 'worksheet')) {
    const copy = output.sheets.find((s) => s.name === sheet.name && s.kind === 'worksheet');
    if (!copy) {
      found.push(`the sheet '${sheet.name}'`);
      continue;
    }
    const before = featuresOf(input, sheet);
    const after = featuresOf(output, copy);
    const on = `on sheet '${sheet.name}'`;
    if (before.state !== after.state) found.push(`the ${before.state === 'veryHidden' ? 'very hidden' : before.state} state of sheet '${sheet.name}'`);
    for (const [key, cells] of before.validations) if ((after.validations.get(key) ?? 0) < cells) found.push(`a data validation (${key}) ${on}`);
    const kept = (refs: string[]): string[] => refs.filter((r) => !isOverwritten(sheet.name, r, written));
    for (const ref of missing(kept(before.formats), after.formats)) found.push(`the conditional format of ${ref} ${on}`);
    for (const ref of missing(before.merges, after.merges)) found.push(`the merged cells ${ref} ${on}`);
    for (const ref of missing(kept(before.links), after.links)) found.push(`the hyperlink in ${ref} ${on}`);
    for (const ref of missing(kept(before.notes), after.notes)) found.push(`the note in ${ref} ${on}`);
    if (after.pictures < before.pictures) found.push(`${before.pictures - after.pictures === 1 ? 'a picture' : `${before.pictures - after.pictures} pictures`} ${on}`);
    for (const table of missing(before.tables, after.tables)) found.push(`the table '${table}' ${on}`);
  }
  return found.map((what) => ({ what }));
}
