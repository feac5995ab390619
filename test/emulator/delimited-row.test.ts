/**
 * The emulator writes its CSV and TSV category files row by row itself (emulator/download-formats.ts);
 * each row must be, character for character, what Papa Parse's unparse writes, as the files were
 * before: the same quoting of quotes, line breaks, byte order marks, delimiters and edge spaces.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { delimitedRow } from '../../emulator/download-formats';

const cell = fc.array(fc.constantFrom('a', 'Z', '1', '.', ',', '\t', ';', '"', "'", ' ', '\r', '\n', '\ufeff', 'é', '±', 'µ', '=', '|'), { maxLength: 8 }).map((chars) => chars.join(''));

test.each([',', '\t'])('a row delimited by %j is written as Papa Parse writes it', (delimiter) => {
  fc.assert(
    fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), (cells) => {
      expect(delimitedRow(cells, delimiter)).toBe(Papa.unparse([cells], { delimiter, newline: '\r\n' }));
    }),
    { numRuns: 2000 },
  );
});

test('plain cells stay bare; a quote, a line break, a delimiter or an edge space is quoted', () => {
  expect(delimitedRow(['GRM155', '1e-7', '', 'In Production'], ',')).toBe('GRM155,1e-7,,In Production');
  expect(delimitedRow(['say "hi"', 'a,b', 'a\tb', ' lead', 'trail ', 'two\r\nlines'], ',')).toBe('"say ""hi""","a,b",a\tb," lead","trail ","two\r\nlines"');
  expect(delimitedRow(['a,b', 'a\tb'], '\t')).toBe('a,b\t"a\tb"');
});
