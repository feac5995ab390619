/**
 * A shared strings table is bounded like the cells that use it: past FILE_LIMITS.sharedStrings the
 * read stops with the limit's own sentence, never the runtime's "Map maximum size exceeded".
 */
import { describeLimit, FILE_LIMITS, FileLimitError } from '../../core/limits';
import { NS } from '../../ooxml/namespaces';
import { SharedStrings } from '../../ooxml/shared-strings';

const table = (count: number): string =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${NS.main}" count="${count}" uniqueCount="${count}">${Array.from({ length: count }, (_, i) => `<si><t>s${i}</t></si>`).join('')}</sst>`;

test('a table at the limit reads; one string more is refused in a sentence that names the limit', () => {
  expect(new SharedStrings(table(5), NS.main, 5).strings).toHaveLength(5);
  let failure: unknown;
  try {
    new SharedStrings(table(6), NS.main, 5);
  } catch (error) {
    failure = error;
  }
  expect(failure).toBeInstanceOf(FileLimitError);
  expect((failure as FileLimitError).limit).toBe('sharedStrings');
  expect((failure as Error).message).toContain("The workbook's shared strings part goes over the limit of");
  expect((failure as Error).message).toContain('strings in the shared strings table');
});

test('the declared limit stays under the runtime’s 2^24 entries for one table', () => {
  expect(FILE_LIMITS.sharedStrings.value).toBeLessThan(2 ** 24);
  expect(describeLimit('sharedStrings')).toBe('the limit of 10,000,000 strings for the strings in the shared strings table');
});
