import { escapeExcelText, unescapeExcelText } from '../../../api/stream/excel-text';
import { textOfRuns, unescapeXml } from '../../../api/stream/xml-text';
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
    expect(unescapeXml('a&#x110000;b&#99999999999;c')).toBe('abc');
  });

  it('escapes what it decodes back to the same text', () => {
    for (const text of ['_x0041_', 'line\r\nend', 'bell\u0007', 'plain']) expect(unescapeExcelText(escapeExcelText(text))).toBe(text);
  });
});
