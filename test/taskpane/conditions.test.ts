import { formatFilter, parseFilter } from '../../api/filter';
import { allowedValues, filterFieldsFor, getFilterField, type CategoryId } from '../../api/vocabulary';
import { changeRowField, createEmptyRow, defaultOperator, filterToRows, formatRows, operatorsFor, parseRawFilter, rowsToFilter, translateRows, validateRow, valueEditorOf, type BuilderContext, type ConditionRow } from '../../src/taskpane/builder/conditions';
import { previewQuantity } from '../../src/taskpane/builder/quantity';
import { validateOrder } from '../../src/taskpane/builder/order';

const SMD: BuilderContext = { category: 'ceramicCapacitorsSMD', lang: 'en' };
const IND: BuilderContext = { category: 'inductors', lang: 'en' };

/** Rows without their ids, which only key React lists. */
const strip = (rows: ConditionRow[]): Omit<ConditionRow, 'id'>[] => rows.map(({ id: _id, ...rest }) => rest);

function row(field: string, op: ConditionRow['op'], text = '', values: string[] = []): ConditionRow {
  return { ...createEmptyRow(), field, op, text, values };
}

describe('raw $filter → rows → raw $filter keeps the filter', () => {
  test.each<[string, Partial<BuilderContext>, string]>([
    ["Capacitance ge 0.0000001 and Status eq 'In Production|NRND'", SMD, 'English list values, several values, an SI number'],
    ["Status eq '生産中|生産中止予定' and Mounting eq 'リフローはんだ'", { category: 'ceramicCapacitorsSMD', lang: 'ja' }, 'Japanese list values'],
    ["Application eq '民用设备|工业设备' and Standard eq '安全规格认证品'", { category: 'ceramicCapacitorsLead', lang: 'zh' }, 'Chinese list values'],
    ['Inductance ge 0.0000022 and Rdc le 0.01 and Srf gt 100000000', IND, 'numbers with prefixes of µ, m and M'],
    ['MaxOperatingTemperature ge 125 and RatedVoltage lt 50', SMD, 'units without a prefix'],
    ["startswith(Partno,'GRM|GCM') and contains(PackageType,'reel') and Rohs eq true and NewProduct eq false", {}, 'text operators, several values, Booleans'],
    ["Partno eq 'O''BRIEN#'", {}, 'a quote and a # in a value'],
    ["ToleranceCapacitance eq '±10%|±0.1pF'", SMD, 'non-ASCII text'],
    ['ReferenceMass lt 0.000123456789012345', {}, 'a number whose short form would lose digits'],
    ['', SMD, 'an empty filter'],
  ])('%s', (text, context, _why) => {
    const ctx: BuilderContext = { lang: 'en', ...context };
    const parsed = parseRawFilter(text, ctx);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(formatRows(parsed.rows, ctx)).toBe(formatFilter(parseFilter(text, { ...ctx, syntax: 'user' })));
    expect(formatRows(parsed.rows, ctx)).toBe(text);
  });

  test('rows → text → rows gives the same rows', () => {
    const rows = [
      row('Capacitance', 'ge', '100 nF'),
      row('Status', 'eq', '', ['In Production', 'NRND']),
      row('Partno', 'startswith', 'GRM|GCM'),
      row('Rohs', 'eq', 'true'),
    ];
    const text = formatRows(rows, SMD);
    expect(text).toBe("Capacitance ge 0.0000001 and Status eq 'In Production|NRND' and startswith(Partno,'GRM|GCM') and Rohs eq true");
    const back = parseRawFilter(text, SMD);
    expect(back.ok && strip(back.rows)).toEqual(strip(rows));
  });

  test('numbers typed with SI prefixes and units come back as a person would type them', () => {
    const rows = [row('Capacitance', 'ge', '4.7uF'), row('Length', 'le', '1.6mm'), row('RatedVoltage', 'gt', '6.3')];
    const text = formatRows(rows, SMD);
    expect(text).toBe('Capacitance ge 0.0000047 and Length le 0.0016 and RatedVoltage gt 6.3');
    const back = parseRawFilter(text, SMD);
    expect(back.ok && back.rows.map((r) => r.text)).toEqual(['4.7 µF', '1.6 mm', '6.3 V']);
  });

  test('a Category condition in the text moves the category picker', () => {
    const result = parseRawFilter("Category eq 'inductors' and Inductance ge 1u", SMD);
    expect(result).toMatchObject({ ok: true, category: 'inductors' });
    expect(result.ok && strip(result.rows)).toEqual([{ field: 'Inductance', op: 'ge', text: '1 µH', values: [] }]);
  });

  test('text that cannot become rows gives the parser sentence and where', () => {
    const result = parseRawFilter("Capacitance ge 1u and Status eq 'Bogus'", SMD);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/'Bogus' is not an allowed value of Status in language en at character \d+; allowed: 'Under Development'/);
    expect(result.position).toBe("Capacitance ge 1u and Status eq 'Bogus'".indexOf("'Bogus'"));
    expect(parseRawFilter('Capacitance ge', SMD)).toMatchObject({ ok: false, message: expect.stringMatching(/ends too early/) });
    expect(parseRawFilter("Status eq 'NRND' or Rohs eq true", SMD)).toMatchObject({ ok: false, message: expect.stringMatching(/'or' .* is not part of API v2.2/) });
    expect(parseRawFilter('Inductance ge 1u', SMD)).toMatchObject({ ok: false, message: expect.stringMatching(/not usable with category ceramicCapacitorsSMD/) });
  });
});

describe('validation messages per row', () => {
  test.each<[string, ConditionRow, BuilderContext, string | RegExp | undefined]>([
    ['no field yet', row('', 'eq'), SMD, 'chooseField'],
    ['empty text value', row('Partno', 'eq', ''), SMD, 'enterValue'],
    ['no list value chosen', row('Status', 'eq'), SMD, 'enterValue'],
    ['blank number', row('Capacitance', 'ge', '  '), SMD, 'enterValue'],
    ['not a number', row('Capacitance', 'ge', 'abc'), SMD, /'abc' is not a number/],
    ['a number in the wrong unit', row('Capacitance', 'ge', '4.7uH'), SMD, /is in H, not F/],
    ['a number with its unit', row('Capacitance', 'ge', '4.7 µF'), SMD, undefined],
    ['a field of another category', row('Inductance', 'ge', '1u'), SMD, /Inductance .*not usable with category ceramicCapacitorsSMD; it is usable with inductors/],
    ['a category field without a category', row('Capacitance', 'ge', '1u'), { lang: 'en' }, /Capacitance .*needs a Category condition/],
    ['a Japanese value with English data', row('Status', 'eq', '', ['生産中']), SMD, /'生産中' is not an allowed value of Status in language en/],
    ['a Japanese value with Japanese data', row('Status', 'eq', '', ['生産中']), { ...SMD, lang: 'ja' }, undefined],
    ['an empty value between separators', row('Partno', 'eq', 'A||B'), SMD, /Partno has an empty value/],
    ['a Boolean', row('Rohs', 'eq', 'false'), SMD, undefined],
  ])('%s', (_label, r, context, expected) => {
    const problem = validateRow(r, context);
    if (expected === undefined) expect(problem).toBeUndefined();
    else if (typeof expected === 'string') expect(problem?.kind).toBe(expected);
    else {
      const text = problem?.kind === 'invalid' ? problem.message : problem?.kind === 'badNumber' ? problem.detail : '';
      expect(text).toMatch(expected);
    }
  });

  test('rows with a problem are left out of the filter text', () => {
    expect(formatRows([row('Partno', 'eq', 'GRM'), row('', 'eq'), row('Capacitance', 'ge', 'x')], SMD)).toBe("Partno eq 'GRM'");
  });

  test('order items are checked against the category', () => {
    expect(validateOrder([{ id: 'a', field: 'Capacitance', direction: 'desc' }], 'ceramicCapacitorsSMD')).toBeUndefined();
    expect(validateOrder([{ id: 'a', field: 'Inductance', direction: 'asc' }], 'ceramicCapacitorsSMD')).toMatch(/not usable with category/);
    expect(validateOrder([{ id: 'a', field: 'Partno', direction: 'asc' }, { id: 'b', field: 'Partno', direction: 'desc' }], undefined)).toMatch(/twice/);
  });
});

describe('operators by type', () => {
  test('every filter field gets the operators its type allows', () => {
    for (const field of filterFieldsFor('ceramicCapacitorsSMD').concat(filterFieldsFor('inductors'))) {
      const ops = operatorsFor(field);
      if (field.type === 'Double') expect(ops).toEqual(['eq', 'ge', 'le', 'gt', 'lt']);
      else if (field.type === 'Boolean') expect(ops).toEqual(['eq']);
      else if (field.list) expect(ops).toEqual(['eq']);
      else expect(ops).toEqual(['eq', 'startswith', 'contains']);
    }
  });

  test('list, text, number and Boolean fields get their editors and first operators', () => {
    expect(valueEditorOf(getFilterField('Status'))).toBe('list');
    expect(valueEditorOf(getFilterField('Partno'))).toBe('text');
    expect(valueEditorOf(getFilterField('Capacitance'))).toBe('number');
    expect(valueEditorOf(getFilterField('Rohs'))).toBe('boolean');
    expect(defaultOperator(getFilterField('Capacitance'))).toBe('ge');
    expect(defaultOperator(getFilterField('Partno'))).toBe('eq');
  });

  test('changing the field keeps what still fits and resets what does not', () => {
    const text = row('Partno', 'contains', 'GRM');
    expect(changeRowField(text, 'PackageType')).toMatchObject({ op: 'contains', text: 'GRM' });
    expect(changeRowField(text, 'Status')).toMatchObject({ op: 'eq', text: '', values: [] });
    expect(changeRowField(row('Length', 'le', '1mm'), 'Width')).toMatchObject({ op: 'le', text: '1mm' });
    expect(changeRowField(text, 'Capacitance')).toMatchObject({ op: 'ge', text: '' });
    expect(changeRowField(text, 'Rohs')).toMatchObject({ op: 'eq', text: 'true' });
  });
});

describe('the number preview', () => {
  test.each<[string, string, string | undefined]>([
    ['Capacitance', '100n', '100 nF|0.0000001 F'],
    ['Capacitance', '4.7 µF', '4.7 µF|0.0000047 F'],
    ['Rdc', '10mOhm', '10 mΩ|0.01 Ω'],
    ['Srf', '1.2GHz', '1.2 GHz|1200000000 Hz'],
    ['MaxOperatingTemperature', '125°C', '125 °C|125 °C'],
    ['Capacitance', '', undefined],
  ])('%s %s', (name, text, expected) => {
    const preview = previewQuantity(text, getFilterField(name)!);
    if (expected === undefined) expect(preview).toBeUndefined();
    else expect(preview?.ok && `${preview.display}|${preview.plain}`).toBe(expected);
  });

  test('says what is wrong with a bad number', () => {
    expect(previewQuantity('1.6 furlong', getFilterField('Length')!)).toEqual({ ok: false, message: expect.stringMatching(/unknown unit 'furlong'/) });
  });
});

describe('data language switch', () => {
  test('list values are rewritten into the new language, free text is kept', () => {
    const rows = [row('Status', 'eq', '', ['In Production', 'NRND']), row('Partno', 'eq', 'GRM')];
    const ja = translateRows(rows, 'en', 'ja');
    expect(ja.map((r) => r.values)).toEqual([['生産中', 'NRND'], []]);
    expect(formatRows(ja, { ...SMD, lang: 'ja' })).toBe("Status eq '生産中|NRND' and Partno eq 'GRM'");
    const zh = translateRows(ja, 'ja', 'zh');
    expect(zh[0].values).toEqual(['目前生产', 'NRND']);
  });

  test('every allowed value of every list field round-trips in every language', () => {
    const categories: CategoryId[] = ['ceramicCapacitorsSMD', 'ceramicCapacitorsLead', 'inductors'];
    for (const category of categories) {
      for (const field of filterFieldsFor(category).filter((f) => f.list)) {
        for (const lang of ['en', 'ja', 'zh'] as const) {
          const context = { category, lang };
          const values = allowedValues(field.name as Parameters<typeof allowedValues>[0], lang);
          const rows = [row(field.name, 'eq', '', values)];
          const parsed = parseRawFilter(formatRows(rows, context), context);
          expect(parsed.ok && parsed.rows[0].values).toEqual(values);
        }
      }
    }
  });
});

test('filterToRows and rowsToFilter are inverse on a built filter', () => {
  const filter = parseFilter("Capacitance ge 1n and Capacitance le 10u and SmdType eq 'Two-terminal|Array type'", { category: 'ceramicCapacitorsSMD' });
  expect(rowsToFilter(filterToRows(filter), SMD)).toEqual({ conditions: filter.conditions.map(({ at: _at, ...c }) => c) });
});
