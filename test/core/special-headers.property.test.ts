/**
 * PartSpec's own columns (Match, Risk, Replacement, Checks, Changes, Suggested, Alternatives,
 * Replaced part) are headed in the run's language after the `PartSpec: ` prefix, and every
 * language's header is read back as the same column: a BOM enriched in one language and again in
 * another reuses its columns, never adds a second set, and never takes them for input.
 */
import fc from 'fast-check';
import { LANGS, VALUE_FIELDS, resolveField, type Lang } from '../../api/vocabulary';
import { parsePartSpecHeader, specialColumn, specialHeader, withSource, type SpecialColumn } from '../../core/cells/columns';
import { buildEnrichmentColumns, planEnrichmentColumns, type ColumnChoice } from '../../core/enrich/enrich-plan';
import { withChangesColumn } from '../../core/enrich/enrich-sets';
import { usersColumns } from '../../core/find/bom-lines';

const SPECIALS: readonly SpecialColumn[] = ['match', 'risk', 'alternatives', 'changes', 'replacement', 'replaced', 'suggested', 'checks'];

test.each([
  ['en', ['PartSpec: Match', 'PartSpec: Risk', 'PartSpec: Alternatives', 'PartSpec: Changes', 'PartSpec: Replacement', 'PartSpec: Replaced part', 'PartSpec: Suggested', 'PartSpec: Checks']],
  ['ja', ['PartSpec: 一致', 'PartSpec: リスク', 'PartSpec: 代替品', 'PartSpec: 変更内容', 'PartSpec: 置換候補', 'PartSpec: 置換前の品番', 'PartSpec: 提案品', 'PartSpec: チェック']],
  ['zh', ['PartSpec: 匹配', 'PartSpec: 风险', 'PartSpec: 替代品', 'PartSpec: 变化', 'PartSpec: 替换件', 'PartSpec: 替换前的型号', 'PartSpec: 推荐型号', 'PartSpec: 检查']],
] as const)('the special columns in %s', (lang, headers) => {
  expect(SPECIALS.map((s) => specialColumn(s, lang).header)).toEqual(headers);
});

test('each special header of each language is read back as its column, with or without a source, and is no field name', () => {
  for (const lang of LANGS) {
    const names = SPECIALS.map((s) => specialHeader(s, lang).slice('PartSpec: '.length));
    expect(new Set(names).size).toBe(names.length);
    if (lang !== 'en') expect(names.filter((n) => /[A-Za-z]/.test(n))).toEqual([]);
    for (const [i, special] of SPECIALS.entries()) {
      expect(resolveField(names[i]).field).toBeUndefined();
      expect(parsePartSpecHeader(specialHeader(special, lang))).toEqual({ id: special });
      expect(parsePartSpecHeader(withSource([specialColumn(special, lang)], 'MPN2')[0].header)).toEqual({ id: special, source: 'MPN2' });
      // Typed back by hand: a full-width colon and other spacing are the same header.
      expect(parsePartSpecHeader(`PartSpec：${names[i]}`)).toEqual({ id: special });
    }
  }
});

const lang = fc.constantFrom<Lang>(...LANGS);
const choice: fc.Arbitrary<Omit<ColumnChoice, 'lang'>> = fc.record({
  fields: fc.subarray(VALUE_FIELDS.map((f) => f.key), { maxLength: 6 }),
  risk: fc.boolean(),
  alternatives: fc.boolean(),
  replacements: fc.boolean(),
  suggest: fc.boolean(),
  checks: fc.boolean(),
});

test('a BOM enriched in one language and again in another reuses every PartSpec column and reads none of them as a line', () => {
  fc.assert(
    fc.property(choice, lang, lang, fc.boolean(), (chosen, first, second, changed) => {
      const written = buildEnrichmentColumns({ ...chosen, lang: first });
      const writtenAll = changed ? withChangesColumn(written, first) : written;
      // The user's columns, then the first run's, with a column of the user's typed after them.
      const headers = ['Item', 'Qty', 'MPN', ...writtenAll.map((c) => c.header), 'Notes'];
      const again = buildEnrichmentColumns({ ...chosen, lang: second });
      const planned = planEnrichmentColumns(changed ? withChangesColumn(again, second) : again, headers, 0, headers.length - 1, 2);
      expect(planned.every((p) => p.existing)).toBe(true);
      expect(planned.map((p) => headers[p.column])).toEqual(writtenAll.map((c) => c.header));
      expect(planned.map((p) => p.spec.header)).toEqual((changed ? withChangesColumn(again, second) : again).map((c) => c.header));
      // Only the user's columns are read as a line's words.
      expect(usersColumns(headers)).toEqual([0, 1, 2, headers.length - 1]);
    }),
    { numRuns: 200 },
  );
});

test('a second source enriched in one language and again in another finds its own set, never the first column\'s', () => {
  fc.assert(
    fc.property(choice, lang, lang, (chosen, first, second) => {
      const firstSet = buildEnrichmentColumns({ ...chosen, lang: first });
      const alternate = withSource(buildEnrichmentColumns({ ...chosen, lang: first }), 'MPN2');
      const headers = ['MPN', 'MPN2', ...firstSet.map((c) => c.header), ...alternate.map((c) => c.header)];
      const planned = planEnrichmentColumns(buildEnrichmentColumns({ ...chosen, lang: second }), headers, 0, headers.length - 1, 1, { source: 'MPN2' });
      expect(planned.map((p) => headers[p.column])).toEqual(alternate.map((c) => c.header));
    }),
    { numRuns: 100 },
  );
});
