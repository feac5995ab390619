import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { DEMO_KEY } from '../../emulator';
import { KEPT, REFUSED, type KeptWorkbook } from '../fixtures/workbooks/corpus/manifest';
import { convertWithLibreOffice } from '../fixtures/workbooks/libreoffice';
import {
  canonical,
  cellsOf,
  child,
  columnLetters,
  columnOf,
  elements,
  partText,
  partXml,
  relationshipsOf,
  relsPathOf,
  sharedStrings,
  sharedStringsPath,
  sheetPath,
  stylesPath,
  type Package,
  type XmlNode,
} from '../fixtures/workbooks/corpus/read-package';
import { useEmulatorHome } from './helpers';
import { runCliInProcess } from './in-process';

/*
 * The corpus of real-program workbooks (test/fixtures/workbooks/corpus, see its README), each
 * enriched in place against the emulator over HTTP, then compared with the original part by part
 * with an XML parser: every part the enrichment need not change is byte-identical, every original
 * cell and every feature of the target sheet is still there, the new columns land right of every
 * occupied cell and hold the lookup's answers, and LibreOffice opens the result.
 */

const CORPUS = join(__dirname, '..', 'fixtures', 'workbooks', 'corpus');
const world = useEmulatorHome();

const rowOf = (ref: string): number => Number(ref.replace(/^[A-Z]+/, ''));
const readPackage = (file: string): Package => unzipSync(readFileSync(join(world.home, file)));
const enrichInPlace = (file: string) => runCliInProcess(['enrich', file, '--fields', 'Status', '--out', file], { home: world.home, env: { PARTSPEC_API_KEY: DEMO_KEY, PARTSPEC_BASE_URL: world.emulator.url } });

/** The parts an in-place enrichment may change: the target sheet, its relationships, strings, styles, content types. */
function changeable(pkg: Package, sheet: string): Set<string> {
  return new Set([sheet, relsPathOf(sheet), sharedStringsPath(pkg) ?? '', stylesPath(pkg) ?? '', '[Content_Types].xml']);
}

/** The sheet's direct children that hold lists the enrichment may add to. */
const LISTS = ['cols', 'hyperlinks', 'conditionalFormatting', 'dataValidations', 'extLst'];

const CSV_FILTER = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1';

/** A kept workbook before and after its in-place enrichment, and what the command said. */
interface Enriched {
  before: Package;
  after: Package;
  exit: number | null;
  stderr: string;
}

/**
 * Every kept workbook is enriched before the first test, so that LibreOffice opens them all in one
 * run (its start costs seconds; each further file a fraction of one).
 */
const enriched = new Map<string, Enriched>();
beforeAll(async () => {
  for (const { file } of KEPT) {
    copyFileSync(join(CORPUS, file), join(world.home, file));
    const before = readPackage(file);
    const { code: exit, stderr } = await enrichInPlace(file);
    enriched.set(file, { before, after: readPackage(file), exit, stderr });
  }
}, 600_000);

let converted: Promise<Record<string, Buffer>> | undefined;

/** The BOM's CSV as LibreOffice writes it (UTF-8, every sheet in its own file), as rows of cells. */
async function convertToCsv(file: string, sheet: string): Promise<string[][]> {
  converted ??= convertWithLibreOffice(
    KEPT.map((w) => join(world.home, w.file)),
    world.home,
    CSV_FILTER,
  );
  const written = await converted;
  const csv = Object.keys(written).find((f) => f === `${file.replace(/\.[^.]+$/, '')}-${sheet}.csv`);
  if (!csv) throw new Error(`LibreOffice wrote no CSV of sheet ${sheet} for ${file}`);
  return Papa.parse<string[]>(written[csv].toString('utf8').trimEnd()).data;
}

describe.each(KEPT.map((w) => [w.file, w] as const))('%s enriched in place', (file, book: KeptWorkbook) => {
  let before: Package;
  let after: Package;
  let sheet: string;
  let exit: number | null;
  let stderr: string;

  beforeAll(() => {
    ({ before, after, exit, stderr } = enriched.get(file)!);
    sheet = sheetPath(before, book.sheet);
  });

  test('is written, not refused, and every part it need not change is byte-identical', () => {
    // Exit 1 names a part not found; either way the file is written.
    expect([0, 1]).toContain(exit);
    // Exactly 1 when the BOM holds a part the service does not know; the summary counts every BOM row and names the file written.
    const parts = Object.values(book.parts);
    const notFound = parts.filter((part) => part.match === 'Not found').length;
    expect(exit).toBe(notFound > 0 ? 1 : 0);
    expect(stderr).toContain(`${parts.length} rows: ${parts.length - notFound} exact, 0 variant, 0 ambiguous, ${notFound} not found`);
    expect(stderr).toContain(` written to ${file}.`);
    expect(stderr).not.toMatch(/would be lost|cannot|refuse/);
    const mayChange = changeable(before, sheet);
    const added = Object.keys(after).filter((p) => !(p in before));
    expect(added.filter((p) => !mayChange.has(p))).toEqual([]);
    const changed = Object.keys(before).filter((p) => !mayChange.has(p) && !Buffer.from(before[p]).equals(Buffer.from(after[p] ?? new Uint8Array())));
    expect(changed).toEqual([]);
    expect(sheetPath(after, book.sheet)).toBe(sheet);
  });

  test('every original cell keeps its value, formula, type and style (but for the PartSpec columns of an earlier run)', () => {
    const old = cellsOf(partXml(before, sheet), sharedStrings(before));
    const now = cellsOf(partXml(after, sheet), sharedStrings(after));
    const owned = new Set([...old].filter(([ref, c]) => rowOf(ref) === book.headerRow && c.text.startsWith('PartSpec: ')).map(([ref]) => columnOf(ref)));
    for (const [ref, cell] of old) {
      if (owned.has(columnOf(ref)) && rowOf(ref) >= book.headerRow) continue;
      const kept = now.get(ref);
      expect({ ref, attributes: kept?.node.attributes, formula: kept && child(kept.node, 'f') && canonical(child(kept.node, 'f')!), text: kept?.text }).toEqual({
        ref,
        attributes: cell.node.attributes,
        formula: child(cell.node, 'f') && canonical(child(cell.node, 'f')!),
        text: cell.text,
      });
    }
  });

  test('every feature of the sheet survives: rows, notes, links, validations, formats, merges, tables, panes, print settings, protection, extensions', () => {
    const old = partXml(before, sheet);
    const now = partXml(after, sheet);
    for (const element of elements(old)) {
      if (element.name === 'sheetData' || element.name === 'dimension') continue;
      const counterparts = elements(now, element.name);
      if (LISTS.includes(element.name)) {
        // A list the enrichment may extend: each original item is still in it.
        const items = new Set(counterparts.flatMap((c) => elements(c).map((i) => canonical(i))));
        for (const item of elements(element)) expect(items).toContain(canonical(item));
      } else {
        expect(counterparts.map((c) => canonical(c))).toContain(canonical(element));
      }
    }
    // Row heights, hidden rows and styles stay; only the span hint may widen.
    const rows = (x: XmlNode): Map<string, string> => new Map(elements(child(x, 'sheetData')!, 'row').map((r) => [r.attributes.r, canonical({ ...r, children: [] }, ['spans'])]));
    const rowsNow = rows(now);
    for (const [r, attrs] of rows(old)) expect(rowsNow.get(r)).toBe(attrs);
    const relsNow = relationshipsOf(after, sheet);
    for (const [id, rel] of relationshipsOf(before, sheet)) expect(relsNow.get(id) && canonical(relsNow.get(id)!.node)).toBe(canonical(rel.node));
  });

  test('content types, shared strings and styles keep every original entry where it was', () => {
    const types = new Set(elements(partXml(after, '[Content_Types].xml')).map((t) => canonical(t)));
    for (const t of elements(partXml(before, '[Content_Types].xml'))) expect(types).toContain(canonical(t));
    const strings = sharedStringsPath(before)!;
    const oldItems = elements(partXml(before, strings), 'si').map((si) => canonical(si));
    expect(elements(partXml(after, strings), 'si').slice(0, oldItems.length).map((si) => canonical(si))).toEqual(oldItems);
    const styles = stylesPath(before)!;
    const styleNow = partXml(after, styles);
    for (const list of elements(partXml(before, styles))) {
      const items = elements(list).map((i) => canonical(i));
      const now = elements(styleNow, list.name)[0];
      expect(now && elements(now).slice(0, items.length).map((i) => canonical(i))).toEqual(items);
    }
  });

  test("the PartSpec columns land right of every occupied cell and hold the lookup's answers", () => {
    const cells = cellsOf(partXml(after, sheet), sharedStrings(after));
    const header = (text: string): number => {
      const found = [...cells].filter(([ref, c]) => rowOf(ref) === book.headerRow && c.text === text);
      expect(found).toHaveLength(1);
      return columnOf(found[0][0]);
    };
    const match = header('PartSpec: Match');
    const status = header('PartSpec: Status');
    expect(match).toBe(book.firstNewColumn);
    expect(status).toBe(match + 1);
    if (book.occupiedOnly) {
      expect(columnOf(book.occupiedOnly)).toBeLessThan(match);
      // No value of the original sheet lies in that column or right of it: only the feature beside the BOM moved the new columns there.
      const values = [...cellsOf(partXml(before, sheet), sharedStrings(before))].filter(([ref, c]) => columnOf(ref) >= columnOf(book.occupiedOnly!) && c.text !== '');
      expect(values.map(([ref]) => ref)).toEqual([]);
      expect(match).toBe(columnOf(book.occupiedOnly) + 1);
    }
    for (const [row, part] of Object.entries(book.parts)) {
      const at = (column: number): string => cells.get(`${columnLetters(column)}${row}`)?.text ?? '';
      const product = world.emulator.catalog.byPartno.get(part.partno);
      expect({ row, match: at(match), status: at(status) }).toEqual({ row, match: part.match, status: product ? String(product.values.Status) : '' });
    }
  });

  test('opens in LibreOffice, whose CSV shows the enriched columns beside the original text', async () => {
    const rows = await convertToCsv(file, book.sheet);
    const headers = rows[book.headerRow - 1];
    expect(headers[book.firstNewColumn - 1]).toBe('PartSpec: Match');
    for (const [row, part] of Object.entries(book.parts)) {
      expect(rows[Number(row) - 1]).toContain(part.partno);
      expect(rows[Number(row) - 1][book.firstNewColumn - 1]).toBe(part.match);
    }
    for (const text of book.csvTexts) expect(rows.flat()).toContain(text);
  }, 150_000);
});

describe('workbooks an in-place write still refuses', () => {
  test.each(REFUSED.map((w) => [w.file, w.reason] as const))('%s: exit 2, one sentence, the file byte-identical', async (file, reason) => {
    copyFileSync(join(CORPUS, file), join(world.home, file));
    const original = readFileSync(join(world.home, file));
    const result = await enrichInPlace(file);
    expect(result.code).toBe(2);
    // What was found in the BOM may be said first; the refusal is one sentence of its own.
    const refusals = result.stderr.trim().split('\n').filter((line) => line.startsWith('partspec enrich: '));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(reason);
    expect(refusals[0]).toMatch(new RegExp(`^partspec enrich: ${file.replace('.', '\\.')} [^\n]*\\.$`));
    expect(readFileSync(join(world.home, file)).equals(original)).toBe(true);
    expect(readdirSync(world.home).filter((f) => f.includes('partspec-tmp'))).toEqual([]);
  });
});

describe('a macro-enabled workbook and a template keep their kind', () => {
  test('excel-macros.xlsm keeps its VBA project, its relationship and the macro-enabled content type', () => {
    const pkg = readPackage('excel-macros.xlsm');
    const original = unzipSync(readFileSync(join(CORPUS, 'excel-macros.xlsm')));
    expect(Buffer.from(pkg['xl/vbaProject.bin']).equals(Buffer.from(original['xl/vbaProject.bin']))).toBe(true);
    const types = partText(pkg, '[Content_Types].xml');
    expect(types).toContain('application/vnd.ms-excel.sheet.macroEnabled.main+xml');
    expect(types).toContain('application/vnd.ms-office.vbaProject');
    expect([...relationshipsOf(pkg, 'xl/workbook.xml').values()].map((r) => r.target)).toContain('xl/vbaProject.bin');
  });

  test('excel-template.xltx is still a template', () => {
    expect(partText(readPackage('excel-template.xltx'), '[Content_Types].xml')).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml');
  });
});
