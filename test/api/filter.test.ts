import {
  and,
  encodeQueryValue,
  formatFilter,
  inCategory,
  parseFilter,
  parseOrderBy,
  validateFilter,
  where,
  type FilterOptions,
} from '../../api/filter';
import { ValidationError } from '../../api/errors/validation-error';

const SMD: FilterOptions = { category: 'ceramicCapacitorsSMD' };

describe('parseFilter → API syntax (user text)', () => {
  test.each<[string, FilterOptions, string]>([
    ["Capacitance ge 100n and Status eq 'In Production|NRND'", SMD, "Capacitance ge 0.0000001 and Status eq 'In Production|NRND'"],
    ["capacitance GE 4.7 µF", SMD, 'Capacitance ge 0.0000047'],
    ['Capacitance ge 4.7uF and Capacitance le 10uF', SMD, 'Capacitance ge 0.0000047 and Capacitance le 0.00001'],
    ["Category eq 'inductors' and Rdc le 10mΩ", {}, "Category eq 'inductors' and Rdc le 0.01"],
    ['Inductance eq 2.2uH', { category: 'inductors' }, 'Inductance eq 0.0000022'],
    ['Srf ge 100MHz', { category: 'inductors' }, 'Srf ge 100000000'],
    ['Length le 1.6mm', SMD, 'Length le 0.0016'],
    ['Thickness lt 1mm', { category: 'ceramicCapacitors' }, 'Thickness lt 0.001'],
    ['Length ge 1m', SMD, 'Length ge 1'],
    ['MaxOperatingTemperature ge 125°C', SMD, 'MaxOperatingTemperature ge 125'],
    ['RatedVoltage gt 50', SMD, 'RatedVoltage gt 50'],
    ['ReferenceMass lt 1E-03', {}, 'ReferenceMass lt 0.001'],
    ["startswith(Partno,'CMS|CML') and Rohs eq true", {}, "startswith(Partno,'CMS|CML') and Rohs eq true"],
    ["contains(PackageType,'reel')", {}, "contains(PackageType,'reel')"],
    ["ToleranceCapacitance eq '±10%|±0.1pF'", SMD, "ToleranceCapacitance eq '±10%|±0.1pF'"],
    ["Partno eq 'O''BRIEN#'", {}, "Partno eq 'O''BRIEN#'"],
    ['NewProduct eq FALSE', {}, 'NewProduct eq false'],
    ["Status eq '生産中|NRND'", { lang: 'ja' }, "Status eq '生産中|NRND'"],
    ["Mounting eq '回流焊接'", { lang: 'zh', category: 'ceramicCapacitorsLead' }, "Mounting eq '回流焊接'"],
    ["Brand eq 'Maker Power Solutions'", { category: 'inductors' }, "Brand eq 'Maker Power Solutions'"],
    ['', {}, ''],
  ])('%s', (text, options, expected) => {
    expect(formatFilter(parseFilter(text, options))).toBe(expected);
  });
});

describe('parseFilter rejects with a sentence naming the problem', () => {
  test.each<[string, FilterOptions, string, RegExp]>([
    ['Capacitence ge 1', SMD, 'unknownField', /Unknown filter field 'Capacitence'.*did you mean 'Capacitance'/],
    ['RdcMax le 1', { category: 'inductors' }, 'unknownField', /filter on 'Rdc' instead/],
    ["contains(ProductName,'chip')", {}, 'unknownField', /'ProductName' is returned but cannot be filtered/],
    ['RatedCurrent le 1', { category: 'inductors' }, 'unknownField', /returned but cannot be filtered/],
    ['Capacitance ge 1n', {}, 'categoryRequired', /Capacitance .*needs a Category condition.*ceramicCapacitors/],
    ['Inductance ge 1u', SMD, 'fieldNotUsable', /Inductance .*not usable with category ceramicCapacitorsSMD; it is usable with inductors/],
    ['Length ge 1mm', { category: 'ceramicCapacitors' }, 'fieldNotUsable', /Length .*not usable with category ceramicCapacitors\b/],
    ["contains(Status,'NRND')", {}, 'operatorNotAllowed', /Status accepts exact match only/],
    ["startswith(Capacitance,'1')", SMD, 'operatorNotAllowed', /Capacitance is a number field/],
    ["PackageType ge 'x'", {}, 'operatorNotAllowed', /'ge' compares numbers/],
    ['Rohs eq 1', {}, 'operatorNotAllowed', /Rohs is not a number field: write true or false/],
    ['Rohs ge true', {}, 'operatorNotAllowed', /Rohs eq true or eq false/],
    ['PackageType eq true', {}, 'operatorNotAllowed', /PackageType is not a Boolean field/],
    ["Capacitance eq '100n'", SMD, 'malformedNumber', /Capacitance is a number: write 100n without quotes/],
    ["Status eq 'Active'", {}, 'valueNotAllowed', /'Active' is not an allowed value of Status in language en.*'In Production'/],
    ["Status eq 'In Production'", { lang: 'ja' }, 'valueNotAllowed', /language ja.*'生産中'/],
    ["Status eq ''", {}, 'emptyValue', /Status has an empty value/],
    ['Capacitance ge 1.2.3', SMD, 'malformedNumber', /Malformed number for Capacitance.*'1.2.3' is not a number/],
    ['Capacitance ge 4.7uH', SMD, 'malformedNumber', /'4.7uH' is in H, not F/],
    ['Capacitance ge 5xyz', SMD, 'malformedNumber', /unknown unit 'xyz'/],
    ["Partno eq 'ABC", {}, 'unbalancedQuote', /Unbalanced quote.*character 11/],
    ["Partno eq 'A' or Partno eq 'B'", {}, 'unexpectedToken', /'or' at character 15.*joined with 'and'/],
    ["Partno eq 'A' and", {}, 'unexpectedEnd', /ends too early/],
    ['Partno eq', {}, 'unexpectedEnd', /ends too early/],
    ["Partno 'A'", {}, 'unexpectedToken', /Unexpected ''A'' at character 8: expected an operator/],
    ["startswith(Partno 'A')", {}, 'unexpectedToken', /expected ','/],
    ['Partno eq A', {}, 'unexpectedToken', /a quoted text, a number, true or false/],
    ["Category eq 'capacitors'", {}, 'unknownCategory', /'capacitors' is not a category ID/],
    ["Category eq 'inductors' and Category eq 'inductors'", {}, 'duplicateCategory', /Category is given twice/],
    ["Category eq 'inductors'", SMD, 'conflictingCategory', /differs from the chosen category 'ceramicCapacitorsSMD'/],
    ["Category ge 'inductors'", {}, 'operatorNotAllowed', /Category takes one category ID/],
    ['Partno eq $x', {}, 'unexpectedToken', /Unexpected '\$x'/],
  ])('%s', (text, options, code, message) => {
    let error: unknown;
    try {
      parseFilter(text, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).code).toBe(code);
    expect((error as ValidationError).message).toMatch(message);
  });

  test('the wire syntax takes plain and exponent numbers, but no SI prefixes or lower-case names', () => {
    expect(formatFilter(parseFilter('Capacitance ge 1E-07', { ...SMD, syntax: 'wire' }))).toBe('Capacitance ge 0.0000001');
    expect(() => parseFilter('Capacitance ge 100n', { ...SMD, syntax: 'wire' })).toThrow(/not a decimal number/);
    expect(() => parseFilter('capacitance ge 1', { ...SMD, syntax: 'wire' })).toThrow(/Unknown filter field 'capacitance'/);
  });

  test('errors carry the position and token', () => {
    try {
      parseFilter("Partno eq 'A' and Capacitence ge 1", SMD);
      throw new Error('not rejected');
    } catch (e) {
      expect((e as ValidationError).position).toBe(18);
      expect((e as ValidationError).token).toBe('Capacitence');
    }
  });
});

describe('the builder', () => {
  test.each<[string, ReturnType<typeof and>, string]>([
    ['between', and(inCategory('ceramicCapacitorsSMD'), where('Capacitance').between(1e-7, 1e-6)), "Category eq 'ceramicCapacitorsSMD' and Capacitance ge 0.0000001 and Capacitance le 0.000001"],
    ['in', and(where('Status').in(['In Production', 'NRND'])), "Status eq 'In Production|NRND'"],
    ['startsWith', and(where('Partno').startsWith('CMS', 'CML')), "startswith(Partno,'CMS|CML')"],
    ['contains', and(where('PackageType').contains("it's")), "contains(PackageType,'it''s')"],
    ['booleans', and(where('Rohs').eq(true), where('NewProduct').eq(false)), 'Rohs eq true and NewProduct eq false'],
    ['numbers', and(inCategory('inductors'), where('Rdc').lt(0.05), where('Srf').gt(1e9)), "Category eq 'inductors' and Rdc lt 0.05 and Srf gt 1000000000"],
  ])('%s', (_name, filter, expected) => {
    expect(formatFilter(filter)).toBe(expected);
    expect(validateFilter(filter)).toEqual([]);
  });

  test('validation of built filters names the problem', () => {
    expect(validateFilter(and(where('Inductance').ge(1e-6))).map((e) => e.message)).toEqual([
      'Inductance needs a Category condition: it is usable with inductors.',
    ]);
    expect(validateFilter(and(where('Status').in(['Active'])))[0].code).toBe('valueNotAllowed');
    expect(validateFilter(and(where('Colour').eq('red')))[0].message).toMatch(/Unknown filter field 'Colour'/);
    expect(() => where('Partno').in(['A|B'])).toThrow(/contains '\|'/);
  });

  test('built and parsed filters round-trip', () => {
    const built = and(inCategory('inductors'), where('Inductance').between(1e-6, 1e-5), where('Construction').in(['Film type']));
    const text = formatFilter(built);
    expect(formatFilter(parseFilter(text, { syntax: 'wire' }))).toBe(text);
  });
});

describe('encoding', () => {
  test.each([
    ["ToleranceCapacitance eq '±10%'", 'ToleranceCapacitance%20eq%20%27%C2%B110%25%27'],
    ["Partno eq 'A|B'", 'Partno%20eq%20%27A%7CB%27'],
    ["Partno eq 'ABC#'", 'Partno%20eq%20%27ABC%23%27'],
    ["Partno eq 'A&B=C+D'", 'Partno%20eq%20%27A%26B%3DC%2BD%27'],
  ])('%s', (text, encoded) => {
    expect(encodeQueryValue(text)).toBe(encoded);
    // What fetch's URL parser sends is exactly what we counted.
    expect(new URL(`http://h/p?$filter=${encoded}`).search).toBe(`?$filter=${encoded}`);
  });
});

describe('parseOrderBy', () => {
  test.each<[string, string, string]>([
    ['Capacitance desc', 'ceramicCapacitorsSMD', 'Capacitance:desc'],
    ['capacitance DESC, partno', 'ceramicCapacitorsSMD', 'Capacitance:desc,Partno:asc'],
    ['Rdc asc,Srf desc', 'inductors', 'Rdc:asc,Srf:desc'],
  ])('%s', (text, category, expected) => {
    const items = parseOrderBy(text, { category: category as 'inductors' });
    expect(items.map((i) => `${i.field}:${i.direction}`).join(',')).toBe(expected);
  });

  test.each([
    ['Capacitence desc', /did you mean 'Capacitance'/],
    ['Capacitance down', /must be asc or desc/],
    ['Inductance asc', /not usable with category ceramicCapacitorsSMD/],
    ['Partno asc, Partno desc', /appears twice/],
    ['Partno asc desc', /must be '<Field> asc' or '<Field> desc'/],
    [',', /must be '<Field> asc'/],
  ])('%s is rejected', (text, message) => {
    expect(() => parseOrderBy(text, { category: 'ceramicCapacitorsSMD' })).toThrow(message);
  });
});
