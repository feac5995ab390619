import { escapeExcelText, unescapeExcelText } from '../../../api/stream/excel-text';
import { cellsOfRow, ElementCutter, textOfRuns } from '../../../api/stream/xml-text';
import { NS, XML_HEAD } from '../../../ooxml/namespaces';
import { SharedStrings } from '../../../ooxml/shared-strings';

/*
 * The streamed reader of downloaded workbooks (api/stream) and the patcher (ooxml/) read a cell's
 * text by one rule: the same `<si>` gives the same text to both.
 */

const ITEMS: [string, string][] = [
  ['plain', '<si><t>GRM155R71C104KA88D</t></si>'],
  ['rich runs joined, phonetic guide left out', '<si><r><rPr><b/></rPr><t>品</t></r><r><t xml:space="preserve"> 番 </t></r><rPh sb="0" eb="1"><t>ヒン</t></rPh><phoneticPr fontId="1"/></si>'],
  ['prefixed elements', '<x:si><x:r><x:t>A</x:t></x:r><x:r><x:t>B</x:t></x:r></x:si>'],
  ['escapes of both kinds', '<si><t>a&amp;b&lt;c_x000D__x000A_d_x005F_x0041_e&#x54C1;</t></si>'],
  ['an attribute holding >', '<si><r><rPr><rFont val="a>b"/></rPr><t>x</t></r></si>'],
  ['empty text', '<si><t/></si>'],
];

describe('cell text read once for every reader', () => {
  it.each(ITEMS)('%s: the streamed reader and the patcher agree', (_label, item) => {
    const prefixed = item.startsWith('<x:');
    const root = prefixed ? `<x:sst xmlns:x="${NS.main}">${item}</x:sst>` : `<sst xmlns="${NS.main}">${item}</sst>`;
    const patcher = new SharedStrings(`${XML_HEAD}${root}`).strings[0];
    expect(textOfRuns(item)).toBe(patcher);
  });

  it('decodes what each case holds', () => {
    expect(ITEMS.map(([, item]) => textOfRuns(item))).toEqual(['GRM155R71C104KA88D', '品 番 ', 'AB', 'a&b<c\r\nd_x0041_e品', 'x', '']);
  });

  it('drops a character reference outside Unicode instead of throwing', () => {
    expect(textOfRuns('<si><t>a&#x110000;b&#99999999999;c</t></si>')).toBe('abc');
  });

  it('escapes what it decodes back to the same text', () => {
    for (const text of ['_x0041_', 'line\r\nend', 'bell\u0007', 'plain']) expect(unescapeExcelText(escapeExcelText(text))).toBe(text);
  });
});

describe('the cells of a downloaded row', () => {
  const shared = ['GRM155R71C104KA88D', 'In Production'];

  it('reads shared, inline, Boolean, number and formula-string cells, placed by reference', () => {
    const row = '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="C2" t="inlineStr"><is><r><t>4.7</t></r><r><t xml:space="preserve"> nF</t></r><rPh><t>x</t></rPh></is></c><c r="D2" t="b"><v>1</v></c><c r="E2"><v>0.5</v></c><c r="F2" t="str"><f>A1</f><v>a&amp;b_x000D_</v></c><c r="G2"/></row>';
    expect(cellsOfRow(row, shared)).toEqual(['GRM155R71C104KA88D', '', '4.7 nF', 'TRUE', '0.5', 'a&b\r', '']);
  });

  it('reads prefixed elements, and cells without a reference follow the one before', () => {
    expect(cellsOfRow('<x:row><x:c t="s"><x:v>1</x:v></x:c><x:c t="inlineStr"><x:is><x:t>text</x:t></x:is></x:c></x:row>', shared)).toEqual(['In Production', 'text']);
  });

  it('leaves out a cell past XFD instead of growing the row without bound', () => {
    expect(cellsOfRow('<row><c r="A1" t="s"><v>0</v></c><c r="ZZZZZZZZ1" t="s"><v>1</v></c></row>', shared)).toEqual(['GRM155R71C104KA88D']);
  });
});

it('cuts whole elements, prefixed or not, whatever the chunks', () => {
  const xml = '<x:sheetData><x:row r="1"><x:c><x:v>1</x:v></x:c></x:row><x:row r="2"/><x:rowBreaks/><x:row r="3"><x:c t="inlineStr"><x:is><x:t>row</x:t></x:is></x:c></x:row></x:sheetData>';
  for (const size of [1, 2, 7, xml.length]) {
    const cut: string[] = [];
    const cutter = new ElementCutter('row', (element) => cut.push(element));
    for (let i = 0; i < xml.length; i += size) cutter.push(xml.slice(i, i + size));
    expect([size, cut]).toEqual([size, ['<x:row r="1"><x:c><x:v>1</x:v></x:c></x:row>', '<x:row r="2"/>', '<x:row r="3"><x:c t="inlineStr"><x:is><x:t>row</x:t></x:is></x:c></x:row>']]);
  }
});

