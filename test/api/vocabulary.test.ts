/**
 * Cross-checks the vocabulary against the tables of the spec itself (whenever the spec file is
 * beside the project, as in CI): every field, type, unit, applicability, category and allowed
 * value must agree, and a single changed value on either side must be caught.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as vocabulary from '../../api/vocabulary';
import { compareWithSpec, type Vocabulary } from '../support/spec-tables';

const SPEC = process.env.PARTSPEC_SPEC ?? resolve(__dirname, '../../../shared/spec/product-information-api-v2.2.md');
const NOTES = resolve(__dirname, '../../../shared/spec/NOTES.md');
const describeIfSpec = existsSync(SPEC) ? describe : describe.skip;

const clone = (): Vocabulary => JSON.parse(JSON.stringify(vocabulary)) as Vocabulary;

describeIfSpec('the vocabulary and the spec agree', () => {
  const spec = existsSync(SPEC) ? readFileSync(SPEC, 'utf8') : '';

  test('no disagreement on any table', () => {
    expect(compareWithSpec(spec, vocabulary)).toEqual([]);
  });

  test.each([
    ['a field type', '| MSL | String |', '| MSL | Integer |'],
    ['a Spec unit', '| RdcMax (+RdcMaxText) | Double | ohm |', '| RdcMax (+RdcMaxText) | Double | mohm |'],
    ['a Spec applicability', '| RatedCurrent (+RatedCurrentText) | Double | A | SMD, Ind |', '| RatedCurrent (+RatedCurrentText) | Double | A | Ind |'],
    ['a filter applicability', '| Length, Width | Double | SMD, Lead, Ind |', '| Length, Width | Double | CC, SMD, Lead, Ind |'],
    ['an allowed value (ja)', '| Double feed detection | 重送検知 |', '| Double feed detection | 重送検出 |'],
    ['an allowed value (zh)', '| In Production | 生産中 | 目前生产 |', '| In Production | 生産中 | 生产中 |'],
    ['a same-in-all-languages list', 'Brand: Maker, Maker Power Solutions', 'Brand: Maker, Maker Solutions'],
    ['a category acceptance', '| ceramicCapacitors | ceramic capacitors, SMD and lead together (intermediate category); returns both SMD and lead products | no |', '| ceramicCapacitors | ceramic capacitors, SMD and lead together (intermediate category); returns both SMD and lead products | yes |'],
    ['a MediaFileUrls field', 'StructuralDrawings, ReliabilityTestData', 'StructuralDrawing, ReliabilityTestData'],
    ['a ComplianceInfo type', 'LeadFree (Boolean)', 'LeadFree (String)'],
  ])('a change of %s in the spec is caught', (_what, from, to) => {
    expect(spec).toContain(from);
    expect(compareWithSpec(spec.replace(from, to), vocabulary).length).toBeGreaterThan(0);
  });

  test.each<[string, (v: Vocabulary) => void]>([
    ['an allowed value', (v) => ((v.ALLOWED_VALUES.Status[1] as { zh: string }).zh = '生产中')],
    ['a field group', (v) => ((v.FIELDS.find((f) => f.key === 'Brand') as unknown as { groups: string[] }).groups = ['SMD'])],
    ['a unit', (v) => ((v.FIELDS.find((f) => f.key === 'Specs.Capacitance') as { unit: string }).unit = 'H')],
    ['a filter type', (v) => ((v.FILTER_FIELDS.find((f) => f.name === 'Srf') as { type: string }).type = 'String')],
    ['a category', (v) => ((v.CATEGORIES.inductors as { urlAcquisition: boolean }).urlAcquisition = false)],
    ['the cap', (v) => ((v as { MAX_PRODUCTS_PER_CALL: number }).MAX_PRODUCTS_PER_CALL = 1000)],
  ])('a change of %s in the vocabulary is caught', (_what, mutate) => {
    const v = clone();
    mutate(v);
    expect(compareWithSpec(spec, v).length).toBeGreaterThan(0);
  });

  test('the URL budget is the one NOTES.md gives', () => {
    if (!existsSync(NOTES)) return;
    expect(readFileSync(NOTES, 'utf8')).toContain(`**${vocabulary.URL_BUDGET_BYTES.toLocaleString('en-US')} bytes**`);
  });
});
