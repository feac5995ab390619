import { unzipSync } from 'fflate';
import { UnsafeWriteError, WorkbookPatch } from '../../ooxml/workbook-patch';
import { findUnkeptParts } from '../../ooxml/package-losses';
import { readPackage, resolveTarget } from '../../ooxml/package-reader';
import { book, write, TEXT_SPEC, SML, HEAD, MAIN, rels, SHEET, DRAWING } from './support/excel-book';

/*
 * Relationships are the file's to write, and a hostile one names parts that are used elsewhere:
 * a calculation chain or a VBA project whose own relationships reach the sheet and the workbook,
 * shared strings or styles pointing at the sheet, the workbook or the content types. A patch
 * either refuses such a package (UnsafeWriteError, the file left as it was) or writes it so that
 * every part is still there and still itself; it never removes a part something else uses, and
 * never writes one part over another.
 */

const VBA = 'http://schemas.microsoft.com/office/2006/relationships/vbaProject';
const BOOK_RELS = (extra: [string, string, string][] = [], strings = 'sharedStrings.xml', styles = 'styles.xml'): string =>
  rels([['rId1', 'worksheet', 'worksheets/sheet1.xml'], ['rId2', 'styles', styles], ['rId3', 'sharedStrings', strings], ...extra]);

/** A formula in P2 where PartSpec writes, so the patch drops the calculation chain. */
const FORMULA_SHEET = SHEET.replace('<c r="D2" s="2"><v>45292</v></c>', '<c r="D2" s="2"><v>45292</v></c><c r="P2"><f>1+1</f><v>2</v></c>');

/** Patches column P of 'BOM' (as .xlsx when `asWorkbook`): the new bytes, or the refusal. */
function patch(bytes: Uint8Array, asWorkbook = false): Uint8Array | UnsafeWriteError {
  const wb = new WorkbookPatch(bytes);
  try {
    wb.writeColumn('BOM', write(15, TEXT_SPEC, ['Exact', 'Exact', 'Exact']));
    const result = wb.patch(asWorkbook);
    return Buffer.concat([...result.chunks]);
  } catch (error) {
    if (error instanceof UnsafeWriteError) return error;
    throw error;
  } finally {
    wb.close();
  }
}

/** Refused in a sentence, or written with the workbook, the sheet, its values and the parts it uses all still there. */
function expectKeptOrRefused(result: Uint8Array | UnsafeWriteError, before: Uint8Array): void {
  if (result instanceof UnsafeWriteError) {
    expect(result.message).not.toMatch(/\n/);
    return;
  }
  const parts = unzipSync(result);
  const old = unzipSync(before);
  for (const path of ['xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/styles.xml', '[Content_Types].xml']) expect(parts[path]).toBeDefined();
  const reopened = new WorkbookPatch(result);
  expect(reopened.sheetNames).toEqual(['BOM']);
  expect(reopened.values('BOM')[1]?.[1]).toBe('GRM188R71H104KA93D');
  expect(reopened.values('BOM')[0]?.[15]).toBe('PartSpec: Match');
  // Nothing of the input but the chain and the macros goes.
  for (const path of Object.keys(old)) if (!/calcChain|vbaProject/.test(path)) expect(Object.keys(parts)).toContain(path);
}

test('a calculation chain whose relationships name the sheet and the workbook: dropping the chain keeps both', () => {
  const input = book({
    sheet: FORMULA_SHEET,
    types: `<Override PartName="/xl/calcChain.xml" ContentType="${SML}.calcChain+xml"/>`,
    parts: {
      'xl/calcChain.xml': `${HEAD}<calcChain xmlns="${MAIN}"><c r="P2" i="1"/></calcChain>`,
      'xl/_rels/calcChain.xml.rels': rels([['rId1', 'worksheet', 'worksheets/sheet1.xml'], ['rId2', 'officeDocument', 'workbook.xml']]),
      'xl/_rels/workbook.xml.rels': BOOK_RELS([['rId4', 'calcChain', 'calcChain.xml']]),
    },
  });
  const result = patch(input);
  expectKeptOrRefused(result, input);
  // Whichever it was, a second run opens the file: it still holds its workbook part.
  if (!(result instanceof UnsafeWriteError)) expect(() => patch(result)).not.toThrow();
});

test('a calculation chain whose relationships reach a drawing the sheet uses: the drawing stays', () => {
  const input = book({
    sheet: FORMULA_SHEET,
    types: `<Override PartName="/xl/calcChain.xml" ContentType="${SML}.calcChain+xml"/>`,
    parts: {
      'xl/calcChain.xml': `${HEAD}<calcChain xmlns="${MAIN}"><c r="P2" i="1"/></calcChain>`,
      'xl/_rels/calcChain.xml.rels': rels([['rId1', 'drawing', 'drawings/drawing1.xml']]),
      'xl/_rels/workbook.xml.rels': BOOK_RELS([['rId4', 'calcChain', 'calcChain.xml']]),
    },
  });
  const result = patch(input);
  expect(result).toBeInstanceOf(Uint8Array);
  const parts = unzipSync(result as Uint8Array);
  expect(parts['xl/calcChain.xml']).toBeUndefined();
  expect(parts['xl/drawings/drawing1.xml']).toBeDefined();
});

test('an .xlsm written as .xlsx whose VBA project relationships name the sheet and the workbook keeps both', () => {
  const input = book({
    types: `<Override PartName="/xl/vbaProject.bin" ContentType="application/vnd.ms-office.vbaProject"/>`,
    parts: {
      'xl/_rels/vbaProject.bin.rels': rels([['rId1', 'worksheet', 'worksheets/sheet1.xml'], ['rId2', 'officeDocument', 'workbook.xml'], ['rId3', 'styles', 'styles.xml']]),
      'xl/_rels/workbook.xml.rels': BOOK_RELS([['rId4', VBA, 'vbaProject.bin']]),
    },
  });
  expectKeptOrRefused(patch(input, true), input);
});

test("a VBA project's own signature, which nothing else names, still goes with it", () => {
  const input = book({
    types: `<Override PartName="/xl/vbaProject.bin" ContentType="application/vnd.ms-office.vbaProject"/>`,
    parts: {
      'xl/vbaProjectSignature.bin': 'signature',
      'xl/_rels/vbaProject.bin.rels': rels([['rId1', 'http://schemas.microsoft.com/office/2006/relationships/vbaProjectSignature', 'vbaProjectSignature.bin']]),
      'xl/_rels/workbook.xml.rels': BOOK_RELS([['rId4', VBA, 'vbaProject.bin']]),
    },
  });
  const parts = unzipSync(patch(input, true) as Uint8Array);
  expect(parts['xl/vbaProject.bin']).toBeUndefined();
  expect(parts['xl/vbaProjectSignature.bin']).toBeUndefined();
  expect(parts['xl/_rels/vbaProject.bin.rels']).toBeUndefined();
});

describe('shared strings or styles pointing at another part of the package are refused, never written over it', () => {
  const cases: [string, string, string][] = [
    ['shared strings → the sheet', 'worksheets/sheet1.xml', 'styles.xml'],
    ['shared strings → the workbook', 'workbook.xml', 'styles.xml'],
    ['shared strings → the content types', '../[Content_Types].xml', 'styles.xml'],
    ['shared strings → the styles', 'styles.xml', 'styles.xml'],
    ['styles → the sheet', 'sharedStrings.xml', 'worksheets/sheet1.xml'],
    ['styles → the workbook', 'sharedStrings.xml', 'workbook.xml'],
    ['shared strings → the workbook relationships', '_rels/workbook.xml.rels', 'styles.xml'],
  ];
  test.each(cases)('%s', (_, strings, styles) => {
    const input = book({ parts: { 'xl/_rels/workbook.xml.rels': BOOK_RELS([], strings, styles) } });
    let result: Uint8Array | UnsafeWriteError;
    try {
      result = patch(input);
    } catch (error) {
      // Refused while opening (the strings or styles part read is not such a part): as good as refused at the write.
      expect((error as Error).message).not.toMatch(/\n/);
      return;
    }
    expect(result).toBeInstanceOf(UnsafeWriteError);
  });
});

test('4,000 relationships to one drawing read it once: the sheet and what the CSV leaves out are found at once', () => {
  const many: [string, string, string][] = Array.from({ length: 4000 }, (_, i) => [`rId${i + 10}`, 'drawing', '../drawings/drawing1.xml']);
  // A drawing of 1 MiB, mostly anchors.
  const anchor = DRAWING.slice(DRAWING.indexOf('<xdr:twoCellAnchor>'), DRAWING.indexOf('</xdr:wsDr>'));
  const big = `${DRAWING.slice(0, DRAWING.indexOf('<xdr:twoCellAnchor>'))}${anchor.repeat(Math.ceil((1 << 20) / anchor.length))}</xdr:wsDr>`;
  const input = book({ sheetRels: [['rId2', 'drawing', '../drawings/drawing1.xml'], ...many], parts: { 'xl/drawings/drawing1.xml': big } });
  const started = process.cpuUsage();
  const wb = new WorkbookPatch(input);
  // The chart's anchor ends where column M begins: it reaches L.
  expect(wb.occupiedWidth('BOM')).toBe(12);
  const pkg = readPackage(input);
  expect(findUnkeptParts(pkg).length).toBeGreaterThan(0);
  const used = process.cpuUsage(started);
  expect((used.user + used.system) / 1e6).toBeLessThan(10);
});

test('a target whose %-escape is malformed names no part, and is no "URI malformed"', () => {
  expect(resolveTarget('xl/workbook.xml', 'worksheets/sheet%E0%A4%A.xml')).toBe('xl/worksheets/sheet%E0%A4%A.xml');
});
