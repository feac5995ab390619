import {
  DROP_IN_RULES,
  DROP_IN_RULE_TABLE,
  checkDropIn,
  describeDifferences,
  formatFieldValue,
  getField,
  isFilterFieldUsable,
  categoryOfGroup,
  summarizeReplacement,
  toleranceWidth,
  type ProductRecord,
} from '../../api';

const smd = (partno: string, values: Record<string, unknown>): ProductRecord => ({
  group: 'SMD',
  partno,
  values: {
    Partno: partno,
    Status: 'In Production',
    'Specs.Capacitance': 1e-7,
    'Specs.SizecodeMm': '1608',
    'Specs.TemperatureCharacteristics': 'X7R',
    'Specs.RatedVoltageClass': 'DC',
    'Specs.RatedVoltage': 25,
    'Specs.ToleranceCapacitance': '±10%',
    PackageType: 'Paper tape 180mm reel',
    ...values,
  } as ProductRecord['values'],
});

describe('drop-in rules as data', () => {
  test('every rule names a filter field usable in its category and the response field it reads (Rdc reads RdcMax)', () => {
    for (const [group, rules] of Object.entries(DROP_IN_RULES) as [keyof typeof DROP_IN_RULES, (typeof DROP_IN_RULES)['SMD']][]) {
      expect(rules.map((r) => r.filter.name)).toEqual(DROP_IN_RULE_TABLE[group].map((r) => r.name));
      for (const rule of rules) {
        expect(isFilterFieldUsable(rule.filter, categoryOfGroup(group))).toBe(true);
        expect(getField(rule.filter.responseKey)).toBe(rule.field);
      }
    }
    expect(DROP_IN_RULES.Ind.find((r) => r.filter.name === 'Rdc')!.field.key).toBe('Specs.RdcMax');
  });

  test.each([
    ['the same part, In Production', {}, []],
    ['a higher voltage', { 'Specs.RatedVoltage': 50 }, []],
    ['a lower voltage', { 'Specs.RatedVoltage': 16 }, ['RatedVoltage']],
    ['another size', { 'Specs.SizecodeMm': '2012' }, ['SizecodeMm']],
    ['NRND', { Status: 'NRND' }, ['Status']],
    ['生産中 (In Production in Japanese)', { Status: '生産中' }, []],
    ['计划停产 (To be discontinued in Chinese)', { Status: '计划停产' }, ['Status']],
  ])('%s', (_, values, failing) => {
    const original = smd('ORIG', { Status: 'NRND' });
    expect(checkDropIn(original, smd('CAND', values)).map((f) => f.field)).toEqual(failing);
  });

  test.each([
    // Issue 44: MCA215C1A473GC1L (±2 % C0G) → MCA215C1A473JC1K (±5 %) was called drop-in.
    ['±5% for a ±2% part', { 'Specs.ToleranceCapacitance': '±2%' }, { 'Specs.ToleranceCapacitance': '±5%' }, ['ToleranceCapacitance']],
    ['±1% for a ±2% part', { 'Specs.ToleranceCapacitance': '±2%' }, { 'Specs.ToleranceCapacitance': '±1%' }, []],
    ['no tolerance for a ±2% part', { 'Specs.ToleranceCapacitance': '±2%' }, { 'Specs.ToleranceCapacitance': undefined }, ['ToleranceCapacitance']],
    ['±0.25pF for a ±0.1pF part', { 'Specs.Capacitance': 1e-11, 'Specs.ToleranceCapacitance': '±0.1pF' }, { 'Specs.Capacitance': 1e-11, 'Specs.ToleranceCapacitance': '±0.25pF' }, ['ToleranceCapacitance']],
    ['no AEC-Q200 for an AEC-Q200 part', { 'ComplianceInfo.AecQ200Support': true }, { 'ComplianceInfo.AecQ200Support': false }, ['AecQ200Support']],
    ['AEC-Q200 for a consumer part', { 'ComplianceInfo.AecQ200Support': false }, { 'ComplianceInfo.AecQ200Support': true }, []],
    ['85 °C for a 125 °C part', { 'Specs.MaxOperatingTemperature': 125 }, { 'Specs.MaxOperatingTemperature': 85 }, ['MaxOperatingTemperature']],
    ['another characteristic', { 'Specs.TemperatureCharacteristics': 'C0G' }, { 'Specs.TemperatureCharacteristics': 'X7R' }, ['TemperatureCharacteristics']],
  ])('a stated spec met or bettered, or the candidate is no drop-in: %s', (_, originalValues, candidateValues, failing) => {
    const strip = (values: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    const original = smd('ORIG', originalValues);
    const candidate = smd('CAND', candidateValues);
    (candidate as { values: Record<string, unknown> }).values = strip({ ...candidate.values, ...candidateValues });
    expect(checkDropIn(original, candidate).map((f) => f.field)).toEqual(failing);
  });

  test('strict also wants the same tolerance and package type; a rule applies only where the original has a value', () => {
    const original = smd('ORIG', {});
    expect(checkDropIn(original, smd('C', { 'Specs.ToleranceCapacitance': '±5%', PackageType: 'Bulk' }), true).map((f) => f.field)).toEqual(['ToleranceCapacitance', 'PackageType']);
    const noVoltage = smd('ORIG', {});
    delete (noVoltage.values as Record<string, unknown>)['Specs.RatedVoltage'];
    expect(checkDropIn(noVoltage, smd('C', { 'Specs.RatedVoltage': 4 }))).toEqual([]);
  });
});

describe('comparing candidates', () => {
  test.each([
    ['±5%', 1e-7, 0.05],
    ['+80%/-20%', 1e-7, 0.8],
    ['±0.25pF', 1e-11, 0.025],
    ['±0.3nH', 3e-9, 0.1],
    ['about ten', 1e-7, undefined],
  ])('tolerance %s of %p is %p of the nominal value', (text, nominal, width) => {
    const got = toleranceWidth(text, nominal);
    if (width === undefined) expect(got).toBeUndefined();
    else expect(got).toBeCloseTo(width, 10);
  });

  test('values read like a datasheet, and "differs in" names each difference candidate first', () => {
    expect(formatFieldValue(getField('Specs.Thickness')!, 0.0008)).toBe('0.8 mm');
    expect(formatFieldValue(getField('Specs.Capacitance')!, 1e-7)).toBe('100 nF');
    expect(formatFieldValue(getField('ComplianceInfo.AecQ200Support')!, true)).toBe('yes');
    const original = smd('ORIG', { Status: 'NRND' });
    expect(describeDifferences(original, smd('C', { 'Specs.RatedVoltage': 50, 'Specs.ToleranceCapacitance': '±5%' }))).toEqual(['RatedVoltage 50 V vs 25 V', 'tolerance ±5% vs ±10%']);
  });

  test('the one-cell summary names the best candidate, the maker mark and how many more', () => {
    const product = smd('BEST', {});
    expect(summarizeReplacement({ input: 'X', status: 'exact', candidates: [{ product, makerAlternative: true, differs: [] }], total: 4 })).toBe('BEST (maker alternative) +3 more');
    expect(summarizeReplacement({ input: 'X', status: 'exact', candidates: [{ product, makerAlternative: false, differs: [] }], total: 1 })).toBe('BEST');
    expect(summarizeReplacement({ input: 'X', status: 'notFound', candidates: [], total: 0, message: 'Part not found: X' })).toBe('Part not found: X');
  });
});
