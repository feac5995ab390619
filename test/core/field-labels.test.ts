/**
 * People read words: every header names its field by its display name in the user's language,
 * with the unit of its cells; a header written in any language is read back as its field, so a
 * re-run finds its columns; the API's identifiers stay for --fields and JSON.
 */
import { LANGS, VALUE_FIELDS, fieldLabel, resolveField } from '../../api/vocabulary';
import { buildImportColumns, headerOf, identifyPartSpecHeader, jsonKeyOf } from '../../core/cells/columns';
import { buildEnrichmentColumns } from '../../core/enrich/enrich-plan';
import { summaryLabels } from '../../core/report/labels';

test.each([
  ['en', ['Part number', 'Inch size code', 'Rated voltage (V)', 'Last buy date', 'Capacitance (nF)']],
  ['ja', ['品番', 'サイズコード・インチ', '定格電圧 (V)', '最終購入日', '静電容量 (nF)']],
  ['zh', ['型号', '尺寸代码·英寸', '额定电压 (V)', '最后购买日期', '电容 (nF)']],
] as const)('import headers in %s', (lang, headers) => {
  expect(buildImportColumns(['SizecodeInch', 'RatedVoltage', 'LastBuyDate', 'Capacitance'], lang).map((c) => c.header)).toEqual(headers);
});

test.each(LANGS.map((l) => [l]))('enrichment headers in %s are read back as their fields, whatever the language', (lang) => {
  const columns = buildEnrichmentColumns({ fields: VALUE_FIELDS.map((f) => f.key), lang });
  for (const c of columns) {
    expect(c.header.startsWith('PartSpec: ')).toBe(true);
    for (const other of LANGS) {
      const written = c.field ? headerOf(c.field, c.unit, 'PartSpec: ', other) : c.header;
      expect([written, identifyPartSpecHeader(written)]).toEqual([written, c.id]);
    }
  }
});

test('every value field has a display name in each language, none of them an API identifier in camel case, none with brackets', () => {
  for (const field of VALUE_FIELDS) {
    for (const lang of LANGS) {
      const label = fieldLabel(field, lang);
      expect(label).not.toMatch(/[()]/);
      expect(label).not.toMatch(/[A-Z][a-z]+[A-Z][a-z]/);
      expect(resolveField(label).field?.key).toBe(field.key);
    }
  }
  const names = VALUE_FIELDS.map((f) => fieldLabel(f));
  expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
});

test('JSON keeps the API identifiers with the unit of the values', () => {
  const columns = buildImportColumns(['Capacitance', { field: 'RatedVoltage', unit: 'kV' }, 'Status'], 'ja');
  expect(columns.map(jsonKeyOf)).toEqual(['Partno', 'Capacitance (nF)', 'RatedVoltage (kV)', 'Status']);
});

test.each([
  ['en', 'Last buy date'],
  ['ja', '最終購入日'],
  ['zh', '最后购买日期'],
] as const)('the summary names the date an ending part is dated by in %s, not by its API name', (lang, name) => {
  expect(summaryLabels(lang).dateFields.LastBuyDate).toBe(name);
});
