/**
 * Folding runs of bare empty cells before a sheet is scanned changes nothing the scan reports:
 * for any sheet of rows mixing bare `<c/>` (with or without white space), cells with and without
 * references, values, inline strings and styled empty cells, the scan equals the scan of the same
 * text read unfolded (a trailing comment turns folding off without moving any offset), and every
 * offset it reports still points into the sheet's own text.
 */
import fc from 'fast-check';
import { foldEmptyCells } from '../../ooxml/empty-cells';
import { cellsOfRow, scanSheet, type ValueReader } from '../../ooxml/sheet-scan';

const reader: ValueReader = { strings: ['zero', 'one'], isDate: () => false, dateOf: (n) => new Date(n) };
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

const cell = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('<c/>', '<c />', '<c\t/>', '<c\r\n/>') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }).map((n) => `<c><v>${n}</v></c>`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('A', 'C', 'H', 'Z', 'AB', 'BZ'), fc.integer({ min: 0, max: 9 })).map(([column, n]) => `<c r="${column}1"><v>${n}</v></c>`) },
  { weight: 1, arbitrary: fc.constantFrom('<c t="inlineStr"><is><t>x &lt;c/&gt;</t></is></c>', '<c t="s"><v>1</v></c>', '<c s="2"/>', '<c vm="1"/>') },
);
const row = fc.tuple(fc.boolean(), fc.array(cell, { maxLength: 40 }), fc.constantFrom('', ' ', '\n')).map(([numbered, cells, gap]) => ({ numbered, cells, gap }));
const sheet = fc.array(row, { maxLength: 12 }).map((rows) => {
  const body = rows.map((r, i) => `<row${r.numbered ? ` r="${i + 1}"` : ''}>${r.cells.join(r.gap)}</row>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="${NS}"><sheetData>${body}</sheetData><pageMargins left="0.7"/></worksheet>`;
});

/** What a scan reports, without the text it keeps. */
function report(xml: string): unknown {
  const { xml: _text, ...scan } = scanSheet(xml, reader);
  return { ...scan, cells: scan.rows.map((r) => cellsOfRow({ xml }, r)) };
}

test('a sheet scanned with its empty cells folded reports what it reports unfolded', () => {
  fc.assert(
    fc.property(sheet, (xml) => {
      const folded = report(xml);
      const unfolded = report(`${xml}<!---->`);
      expect(folded).toEqual(unfolded);
      expect((folded as { rootClose: number }).rootClose).toBe(xml.lastIndexOf('</worksheet>'));
      for (const r of scanSheet(xml, reader).rows) {
        expect(xml.slice(r.start, r.start + 4)).toBe('<row');
        expect(xml.slice(r.closeStart, r.end)).toMatch(/^(<\/row>|)$/);
      }
    }),
    { numRuns: 300 },
  );
});

test('a run is folded only where it cannot be data: not when the text has comments or CDATA', () => {
  const runs = '<c/><c /><c\t/>';
  expect(foldEmptyCells(`<row>${runs}</row>`).text).toBe('<row><c/></row>');
  expect(foldEmptyCells(`<row>${runs}</row>`).cellsAt(5)).toBe(3);
  expect(foldEmptyCells(`<row>${runs}</row><!-- x -->`).text).toBe(`<row>${runs}</row><!-- x -->`);
  expect(foldEmptyCells(`<row><c><v><![CDATA[${runs}]]></v></c></row>`).text).toContain(runs);
  // One bare cell is left alone; a run keeps the column of the cell after it.
  const xml = `<worksheet xmlns="${NS}"><sheetData><row r="1"><c/>${'<c/>'.repeat(5)}<c><v>7</v></c></row></sheetData></worksheet>`;
  const values = scanSheet(xml, reader).values[0];
  expect(values.length).toBe(7);
  expect(values[6]).toBe(7);
});
