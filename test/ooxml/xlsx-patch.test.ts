import { unzipSync } from 'fflate';
import { matchRules } from '../../core/enrich/highlight';
import { escapeExcelText, unescapeExcelText } from '../../api/stream/excel-text';
import { WORKSHEET_ORDER } from '../../ooxml/schema-order';
import { SharedStrings } from '../../ooxml/shared-strings';
import { WorkbookPatch } from '../../ooxml/workbook-patch';



/*
 * The workbook patcher on packages laid out the way Excel writes them: what it reads (shared
 * strings with rich text, phonetic runs and `_xHHHH_` escapes, inline strings, dates), and what it
 * writes (only the cells, strings, styles, relationships and content types it needs, each new
 * element where the schema wants it, everything else byte for byte).
 */

import { book, patched, text, childrenOf, write, TEXT_SPEC, URL_SPEC, DATE_SPEC, R, rels, STYLES, SHARED, SHEET, COMMENTS, type BookOptions } from './support/excel-book';

describe("Excel's _xHHHH_ escape", () => {
  test.each([
    ['plain', 'plain'],
    ['a_x0041_b', 'a_x005F_x0041_b'],
    ['line\rend', 'line_x000D_end'],
    ['bell\u0007', 'bell_x0007_'],
    ['_x005F_', '_x005F_x005F_'],
  ])('%j is stored as %j and reads back as itself', (value, stored) => {
    expect(escapeExcelText(value)).toBe(stored);
    expect(unescapeExcelText(stored)).toBe(value);
  });

  test('a lone surrogate, which no program shows, is dropped; a pair is kept', () => {
    expect(escapeExcelText('a\uD800b𝄞')).toBe('ab𝄞');
  });
});

describe('reading', () => {
  test('shared strings: rich-text runs joined, the phonetic guide left out, escapes decoded', () => {
    expect(new SharedStrings(SHARED).strings).toEqual(['Ref', 'Part Number', 'Description ', 'GRM188R71H104KA93D', '村田', 'line\r\ntwo', 'code _x0041_ kept']);
  });

  test('cell values: shared and inline strings, formula strings, Booleans, dates by their format, errors as blanks', () => {
    const wb = new WorkbookPatch(book());
    expect(wb.sheetNames).toEqual(['BOM']);
    const values = wb.values('BOM');
    expect(values[0]).toEqual(['Ref', 'Part Number', 'Description ', 45000]);
    expect(values[1]).toEqual(['C1', 'GRM188R71H104KA93D', 'Description ', new Date('2024-01-01T00:00:00Z')]);
    expect(values[2]).toEqual(['村田', 'line\r\ntwo', 'xy', new Date('2024-01-02T00:00:00Z')]);
    expect(values[3]).toEqual([true, 'code _x0041_ kept', undefined, 2.5]);
  });

  test('a 1904 workbook reads its dates four years on', () => {
    const wb = new WorkbookPatch(book({ workbookPr: '<workbookPr date1904="1"/>' }));
    expect(wb.values('BOM')[1][3]).toEqual(new Date('2028-01-02T00:00:00Z'));
  });

  test('the occupied width counts notes, validations, drawing anchors and form controls, not a note’s hover box', () => {
    // Values reach D, the validation H, the chart J..L (ending at the start of M), the check box N..O.
    expect(new WorkbookPatch(book()).occupiedWidth('BOM')).toBe(15);
    const bare = book({ sheetRels: [['rId5', 'comments', '../comments1.xml']], sheet: SHEET.replace(/<drawing[^>]*\/><legacyDrawing[^>]*\/>/, '').replace(/<dataValidations .*<\/dataValidations>/, '') });
    expect(new WorkbookPatch(bare).occupiedWidth('BOM')).toBe(4);
    // A validation that refers to another sheet lives in extLst, and its cells count as well.
    expect(new WorkbookPatch(book({ ...bareOptions(), sheet: bareSheet().replace('<xm:sqref>A2:A4</xm:sqref>', '<xm:sqref>A2:A4 F9</xm:sqref>') })).occupiedWidth('BOM')).toBe(6);
    // A picture in a cell (value metadata, shown as #VALUE! by older programs).
    expect(new WorkbookPatch(book({ ...bareOptions(), sheet: bareSheet().replace('<c r="D4"><v>2.5</v></c>', '<c r="D4"><v>2.5</v></c><c r="E4" t="e" vm="1"><v>#VALUE!</v></c>') })).occupiedWidth('BOM')).toBe(5);
    // A note alone on a cell right of the BOM.
    const noteFar = COMMENTS.replace('ref="C2"', 'ref="G3"');
    expect(new WorkbookPatch(book({ ...bareOptions(), parts: { 'xl/comments1.xml': noteFar } })).occupiedWidth('BOM')).toBe(7);
  });
});

/** The BOM sheet without its drawing, controls and main-markup validation; only its note. */
const bareSheet = (): string => SHEET.replace(/<drawing[^>]*\/><legacyDrawing[^>]*\/>/, '').replace(/<dataValidations .*<\/dataValidations>/, '');
const bareOptions = (): BookOptions => ({ sheetRels: [['rId5', 'comments', '../comments1.xml']], sheet: bareSheet() });

describe('writing', () => {
  const input = book();
  const output = patched(input, [
    write(15, TEXT_SPEC, ['Exact', '=1+1', 'Not found'], { highlight: matchRules() }),
    write(16, URL_SPEC, ['https://example.com/ds?a=1&b=2', undefined, 'not a link']),
    write(17, DATE_SPEC, [46000, undefined, undefined]),
  ]);
  const sheet = text(output.parts, 'xl/worksheets/sheet1.xml');

  test('every part it does not write is copied as stored: same bytes, same compressed bytes, same order', () => {
    const before = unzipSync(input);
    const changed = ['xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/sharedStrings.xml', 'xl/worksheets/_rels/sheet1.xml.rels'];
    expect(Object.keys(output.parts)).toEqual(Object.keys(before));
    for (const path of Object.keys(before).filter((p) => !changed.includes(p))) expect([path, Buffer.from(output.parts[path]).equals(Buffer.from(before[path]))]).toEqual([path, true]);
    // The vbaProject entry's stored (compressed) bytes appear unchanged in the new archive.
    const at = Buffer.from(input).indexOf('xl/vbaProject.bin');
    const raw = Buffer.from(input).subarray(at - 30, at + 40);
    expect(Buffer.from(output.bytes).indexOf(raw)).toBeGreaterThan(0);
  });

  test('the sheet keeps every element it does not write, byte for byte', () => {
    for (const kept of [
      SHEET.slice(SHEET.indexOf('<sheetPr>'), SHEET.indexOf('<dimension')),
      SHEET.slice(SHEET.indexOf('<sheetViews>'), SHEET.indexOf('<cols>')),
      // The row's spans hint grows to its new cells; its other attributes stay.
      '<row r="2" spans="1:18" ht="30" customHeight="1" x14ac:dyDescent="0.25"><c r="A2" t="inlineStr"><is><r><t>C</t></r><r><rPr><i/></rPr><t>1</t></r></is></c>',
      '<row r="3" hidden="1"><c r="A3" t="s"><v>4</v></c>',
      '<c r="C3" t="str"><f>"x"&amp;"y"</f><v>xy</v></c>',
      SHEET.slice(SHEET.indexOf('<sheetProtection'), SHEET.indexOf('<conditionalFormatting')),
      SHEET.slice(SHEET.indexOf('<conditionalFormatting'), SHEET.indexOf('<dataValidations')),
      SHEET.slice(SHEET.indexOf('<dataValidations'), SHEET.indexOf('<pageMargins')),
      SHEET.slice(SHEET.indexOf('<pageMargins'), SHEET.indexOf('</worksheet>')),
    ]) {
      expect(sheet).toContain(kept);
    }
  });

  test('new cells go in column order at the end of their rows, text as shared strings with the text format, never a formula', () => {
    expect(sheet).toMatch(/<c r="D1" s="1"><v>45000<\/v><\/c><c r="P1" s="(\d+)" t="s"><v>7<\/v><\/c><c r="Q1" s="\1" t="s"><v>8<\/v><\/c><c r="R1" s="\1" t="s"><v>9<\/v><\/c><\/row>/);
    expect(sheet).toMatch(/<c r="P3" s="\d+" t="s"><v>\d+<\/v><\/c><\/row>/);
    expect(sheet).not.toMatch(/<c r="P\d"[^>]*><f>/);
    const strings = new SharedStrings(text(output.parts, 'xl/sharedStrings.xml')).strings;
    expect(strings.slice(0, 7)).toEqual(new SharedStrings(SHARED).strings);
    expect(strings).toContain('=1+1');
    expect(text(output.parts, 'xl/sharedStrings.xml')).toMatch(/^[\s\S]*<sst [^>]*count="(\d+)" uniqueCount="(\d+)">/);
    expect(text(output.parts, 'xl/sharedStrings.xml').startsWith(SHARED.slice(0, SHARED.indexOf('count=')))).toBe(true);
    expect(text(output.parts, 'xl/sharedStrings.xml')).toContain(SHARED.slice(SHARED.indexOf('<si>'), SHARED.indexOf('</sst>')));
  });

  test('a date is a serial with a date format; the dimension grows to the written cells', () => {
    expect(sheet).toMatch(/<c r="R2" s="\d+"><v>46000<\/v><\/c>/);
    expect(sheet).toContain('<dimension ref="A1:R4"/>');
    const wb = new WorkbookPatch(output.bytes);
    expect(wb.values('BOM')[1][17]).toEqual(new Date('2025-12-09T00:00:00Z'));
    expect(wb.values('BOM')[0].slice(15)).toEqual(['PartSpec: Match', 'PartSpec: Datasheet', 'PartSpec: Last buy date']);
  });

  test('styles are appended: every existing entry stays, counts grow, the text format is 49 and the header bold', () => {
    const styles = text(output.parts, 'xl/styles.xml');
    for (const container of ['fonts', 'cellXfs']) {
      const before = STYLES.slice(STYLES.indexOf(`<${container} `), STYLES.indexOf(`</${container}>`));
      const entries = before.slice(before.indexOf('>') + 1);
      expect(styles).toContain(entries);
    }
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/>');
    const xfs = /<cellXfs count="(\d+)">(.*)<\/cellXfs>/.exec(styles)!;
    expect((xfs[2].match(/<xf /g) ?? []).length).toBe(Number(xfs[1]));
    const header = Number(/<c r="P1" s="(\d+)"/.exec(sheet)![1]);
    const xf = [...xfs[2].matchAll(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/g)][header][0];
    expect(xf).toMatch(/numFmtId="49"/);
    const font = Number(/fontId="(\d+)"/.exec(xf)![1]);
    expect([...styles.matchAll(/<font>.*?<\/font>/g)][font][0]).toMatch(/<b\/>/);
    expect(styles).toContain(STYLES.slice(STYLES.indexOf('<tableStyles'), STYLES.indexOf('</styleSheet>')));
  });

  test('hyperlinks: created at their schema position with an external relationship in the sheet’s part', () => {
    expect(sheet).toMatch(/<\/dataValidations><hyperlinks><hyperlink ref="Q2" r:id="(rId\d+)"\/><\/hyperlinks><pageMargins /);
    const id = /<hyperlink ref="Q2" r:id="(rId\d+)"/.exec(sheet)![1];
    const sheetRels = text(output.parts, 'xl/worksheets/_rels/sheet1.xml.rels');
    expect(sheetRels).toContain(`<Relationship Id="${id}" Type="${R}/hyperlink" Target="https://example.com/ds?a=1&amp;b=2" TargetMode="External"/>`);
    expect(sheetRels.startsWith(rels([['rId1', 'printerSettings', '../printerSettings/printerSettings1.bin']]).slice(0, 200))).toBe(true);
    expect(sheet).not.toContain('ref="Q4"');
  });

  test('highlights: a conditional format of the column, after the existing ones, with appended dxfs and fresh priorities', () => {
    expect(sheet).toMatch(/<\/conditionalFormatting><conditionalFormatting sqref="P2:P4"><cfRule type="cellIs" dxfId="0" priority="3" operator="equal"><formula>"Not found"<\/formula>/);
    expect(text(output.parts, 'xl/styles.xml')).toMatch(/<dxfs count="2"><dxf>.*<\/dxf><\/dxfs><tableStyles/);
  });

  test('every top-level element of the sheet and the stylesheet is in schema order', () => {
    const ranks = childrenOf(sheet).map((name) => WORKSHEET_ORDER.indexOf(name)).filter((r) => r >= 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(childrenOf(sheet)).toContain('cols');
  });

  test('new columns get a width; a hidden range they fall in is split around them', () => {
    const wb = patched(input, [write(5, TEXT_SPEC, ['Exact'])]);
    expect(text(wb.parts, 'xl/worksheets/sheet1.xml')).toMatch(
      /<cols><col min="3" max="3" width="22.7109375" customWidth="1"\/><col min="5" max="5" width="9.140625" style="1" hidden="1"\/><col min="6" max="6" width="\d+" style="1" customWidth="1"\/><col min="7" max="7" width="9.140625" style="1" hidden="1"\/><\/cols>/,
    );
  });

  test('a re-run of the same writes changes nothing more: strings, styles and rules are used again', () => {
    const again = patched(output.bytes, [
      write(15, TEXT_SPEC, ['Exact', '=1+1', 'Not found'], { highlight: matchRules(), existing: true }),
      write(16, URL_SPEC, ['https://example.com/ds?a=1&b=2', undefined, 'not a link'], { existing: true }),
      write(17, DATE_SPEC, [46000, undefined, undefined], { existing: true }),
    ]);
    for (const path of ['xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/sharedStrings.xml']) expect([path, text(again.parts, path)]).toEqual([path, text(output.parts, path)]);
  });
});
