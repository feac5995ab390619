/**
 * The one vocabulary of BOM header words: every list is written in its folded form, and a word in
 * a list counts both where part-number columns are scored and where the manufacturer column and
 * other makers' rows are found.
 */
import { scorePartNumberHeader } from '../../core/bom/bom';
import { classifyRow, findMakerColumn, isOurMaker } from '../../core/bom/bom-rows';
import { DESIGNATOR_WORDS, DISTRIBUTOR_WORDS, INTERNAL_WORDS, MAKER_NAME, MAKER_SPELLINGS, MAKER_WORDS, NUMBER_WORDS, PART_ENDINGS, PART_WORDS, QUANTITY_WORDS } from '../../core/bom/header-words';
import { foldWords } from '../../core/fold';

const LISTS = { PART_ENDINGS, PART_WORDS, NUMBER_WORDS, MAKER_WORDS, DISTRIBUTOR_WORDS, INTERNAL_WORDS, MAKER_SPELLINGS, QUANTITY_WORDS, DESIGNATOR_WORDS };

test.each(Object.entries(LISTS))('%s is written folded, each word once', (_, words) => {
  expect(words.length).toBeGreaterThan(0);
  for (const word of words) expect(foldWords(word)).toBe(word);
  expect(new Set(words).size).toBe(words.length);
});

test('the maker words are the manufacturer headers, 製造元, 品牌, 生产商 and brand among them', () => {
  expect(MAKER_WORDS).toEqual(expect.arrayContaining(['manufacturer', 'mfr', 'mfg', 'maker', 'vendor', 'brand', 'メーカー', '製造元', '制造商', '生产商', '厂家', '厂商', '品牌']));
  expect(MAKER_SPELLINGS).toContain(foldWords(MAKER_NAME));
});

describe('a maker word makes a part number the maker’s, and alone names the manufacturer column', () => {
  test.each([
    ['製造元品番', 3],
    ['品牌型号', 3],
    ['生产商料号', 3],
    ['Brand P/N', 3],
    ['Brand Part Number', 3],
    ['メーカー品番', 3],
    ['Mfr Part #', 3],
    ['MPN', 3],
    ['品番', 2],
    ['Part Number', 2],
    ['Internal P/N', 1],
    ['Digikey Part Number', 1],
    ['Manufacturer', 0],
    ['品牌', 0],
  ])('%s scores %i', (header, score) => {
    expect(scorePartNumberHeader(header)).toBe(score);
  });

  test.each(['製造元', '品牌', '生产商', 'Brand', 'BRAND', 'メーカー', 'Manufacturer Name', 'Mfr.'])('%s is the manufacturer column', (header) => {
    expect(findMakerColumn(['Ref', 'Qty', 'MPN', header])).toBe(3);
  });

  test.each(['製造元品番', '品牌型号', '生产商料号', 'Brand P/N', 'Manufacturer Part Number', 'Mfr #', 'MPN'])('%s is a part number, not the manufacturer column', (header) => {
    expect(findMakerColumn(['Ref', header])).toBeUndefined();
  });

  test('a 製造元品番 column beside a plain 品番 is the one preferred, and rows of another 製造元 are another maker’s', () => {
    expect(scorePartNumberHeader('製造元品番')).toBeGreaterThan(scorePartNumberHeader('品番'));
    const headers = ['品番', '製造元品番', '製造元'];
    const maker = findMakerColumn(headers);
    expect(maker).toBe(2);
    expect(classifyRow(['X-1', 'CL10B104KB8NNNC', 'Samsung'], 1, maker)).toBe('otherMaker');
    expect(classifyRow(['X-2', 'GRM155R71C104KA88D', '村田製作所'], 1, maker)).toBe('part');
  });
});

test.each([
  ['Mfr. Part No.', {}, 'mfrpartno'],
  ['Not fitted,', {}, 'notfitted'],
  ['製造元 品番', {}, '製造元品番'],
  ['ＭＰＮ＃', {}, 'mpn#'],
  ['PN #', { hash: false }, 'pn'],
])('foldWords(%s) is %s', (text, options, folded) => {
  expect(foldWords(text, options)).toBe(folded);
});

test.each(['Murata', '村田製作所', 'ムラタ', 'むらた'])('%s names our maker', (name) => {
  expect(isOurMaker(name)).toBe(true);
});
