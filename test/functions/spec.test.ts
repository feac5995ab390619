import { HOSTILE_STRINGS, type CatalogProduct } from '../../emulator';
import { spec } from '../../src/functions/functions';
import { describeError } from '../../testkit/custom-functions-shim';
import { errorOf, settledRequests, useFunctionsHarness } from '../../testkit/functions-harness';

/** Hostile parts have fixed specs whatever the catalog seed: 100 nF / 50 V X7R 1608, 1 µH 2520, 10 nH 1005. */
const CAP = 'MCS18R71H104KZ9D';
const CAP_BASE = 'MCS18R71H104KZ9';
const IND = 'MPM25PMT01R0MZ9K';
const IND_SMALL = 'MLG15HNT010NJZ9D';

const h = useFunctionsHarness();

/** One cell, as `=PART.SPEC(partno, field, unit)` in a single cell shows it. */
async function one(partno: string, field: string, unit?: string): Promise<unknown> {
  const result = await spec([[partno]], [[field]], unit === undefined ? undefined : [[unit]]);
  expect(result).toHaveLength(1);
  expect(result[0]).toHaveLength(1);
  return result[0][0];
}

function product(predicate: (p: CatalogProduct) => boolean): CatalogProduct {
  const found = h.emulator.catalog.products.find(predicate);
  if (!found) throw new Error('no catalog product fits');
  return found;
}

/** Excel's serial of a YYYY-MM-DD date, computed independently of the code under test. */
function serialOf(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

describe('PART.SPEC values', () => {
  test.each([
    ['Capacitance', undefined, 1e-7],
    ['Capacitance', 'pF', 100000],
    ['Capacitance', 'nF', 100],
    ['Capacitance', 'uF', 0.1],
    ['Capacitance', 'µF', 0.1],
    ['RatedVoltage', undefined, 50],
    ['Length', 'mm', 1.6],
    ['Width', 'mm', 0.8],
    ['MaxOperatingTemperature', undefined, 125],
  ])('capacitor %s in %s', async (field, unit, expected) => {
    expect(await one(CAP, field, unit)).toBeCloseTo(expected, 12);
  });

  test.each([
    [IND, 'Inductance', undefined, 1e-6],
    [IND, 'Inductance', 'uH', 1],
    [IND, 'Inductance', 'nH', 1000],
    [IND_SMALL, 'Inductance', 'nH', 10],
    [IND, 'RdcMax', 'mOhm', 250],
    [IND, 'RdcMax', 'mΩ', 250],
    [IND, 'Rdc', 'mΩ', 250],
    [IND, 'SrfMin', 'MHz', 150],
    [IND, 'RatedCurrent', 'mA', 2400],
    [IND, 'RatedCurrentItemp', 'A', 2.2],
    [IND, 'Length', 'mm', 2.5],
  ])('inductor %s %s in %s', async (partno, field, unit, expected) => {
    expect(await one(partno, field, unit)).toBeCloseTo(expected, 9);
  });

  test('converted numbers carry no floating-point noise', async () => {
    expect(await one(CAP, 'Capacitance', 'nF')).toBe(100);
    expect(await one(IND, 'RatedCurrent', 'mA')).toBe(2400);
    expect(await one(IND_SMALL, 'SrfMin', 'MHz')).toBe(2900);
  });

  test('text companions, Booleans, URLs and lists', async () => {
    expect(await one(CAP, 'CapacitanceText')).toBe('100nF');
    expect(await one(IND, 'InductanceText')).toBe('1µH');
    expect(await one(CAP, 'ComplianceInfo.Rohs')).toBe(true);
    expect(await one(CAP, 'AecQ200Support')).toBe(false);
    const rohsFree = product((p) => p.values['ComplianceInfo.Rohs'] === false).values.Partno as string;
    expect(await one(rohsFree, 'Rohs')).toBe(false);
    const sheet = await one(CAP, 'MediaFileUrls.SpecificationsSheet');
    expect(typeof sheet).toBe('string');
    expect(sheet as string).toMatch(new RegExp(`^${h.emulator.url}/`));
    expect(await one(CAP, 'Mounting')).toBe('Reflow soldering, Flow soldering');
    expect(await one(CAP, 'Application')).toBe('Consumer equipment, Industrial Equipment, Mobile Electronics');
    expect(await one(IND, 'Construction')).toBe('Wire wound type (Metal)');
    expect(await one(CAP, 'MinOrderQuantity')).toBe(4000);
  });

  test('LastBuyDate shows as a date: its serial formatted yyyy-mm-dd, never a bare 46505', async () => {
    const p = product((x) => typeof x.values.LastBuyDate === 'string');
    const value = await one(p.values.Partno as string, 'LastBuyDate');
    expect(value).toEqual({ type: 'FormattedNumber', basicValue: serialOf(p.values.LastBuyDate as string), numberFormat: 'yyyy-mm-dd' });
  });

  test('AlternativePartno is joined with ", "', async () => {
    const p = product((x) => Array.isArray(x.values.AlternativePartno) && (x.values.AlternativePartno as string[]).length >= 2);
    expect(await one(p.values.Partno as string, 'AlternativePartno')).toBe((p.values.AlternativePartno as string[]).join(', '));
  });

  test.each(['capacitance', 'CAPACITANCE', 'specs.capacitance', 'Specs.Capacitance', ' Capacitance '])('field name %p is case-insensitive', async (name) => {
    expect(await one(CAP, name, 'nF')).toBe(100);
  });

  test('part numbers are case- and space-insensitive', async () => {
    expect(await one(` ${CAP.toLowerCase()} `, 'Capacitance', 'nF')).toBe(100);
  });

  test('ja and zh data through the lang argument', async () => {
    expect(await spec([[CAP]], [['Status']], undefined, 'ja')).toEqual([['生産中']]);
    expect(await spec([[CAP]], [['Status']], undefined, 'zh')).toEqual([['目前生产']]);
  });

  test('hostile strings come back as plain text, exactly as sent', async () => {
    expect(await one(CAP, 'ProductName')).toBe(HOSTILE_STRINGS.hyperlink);
    expect(await one(CAP, 'Notices')).toBe(HOSTILE_STRINGS.formula);
    expect(await one(IND, 'FeatureText')).toBe(HOSTILE_STRINGS.script);
    expect(await one(IND, 'Notices')).toBe(HOSTILE_STRINGS.at);
    expect(await one(IND_SMALL, 'FeatureText')).toBe(HOSTILE_STRINGS.long);
  });
});

describe('PART.SPEC variants', () => {
  test('a part number without its package code gives the value its variants agree on', async () => {
    expect(await one(CAP_BASE, 'Capacitance', 'nF')).toBe(100);
    expect(await one(CAP_BASE, 'Status')).toBe('In Production');
  });

  test('variants that differ give #N/A naming the field', async () => {
    const variants = h.emulator.catalog.products.filter((p) => p.values.PartnoWithoutPackageCode === CAP_BASE);
    expect(await errorOf(one(CAP_BASE, 'PackageType'))).toEqual({
      code: '#N/A',
      message: `Ambiguous: ${variants.length} package variants differ in PackageType — use the full part number`,
    });
  });

  test('a three-variant base part reports 3', async () => {
    const counts = new Map<string, number>();
    for (const p of h.emulator.catalog.products) {
      const base = p.values.PartnoWithoutPackageCode as string;
      counts.set(base, (counts.get(base) ?? 0) + 1);
    }
    const base = [...counts].find(([, n]) => n === 3)![0];
    expect(await errorOf(one(base, 'PackageType'))).toEqual({
      code: '#N/A',
      message: 'Ambiguous: 3 package variants differ in PackageType — use the full part number',
    });
  });
});

describe('PART.SPEC errors', () => {
  test.each([
    [CAP, 'Capacitence', undefined, '#VALUE!', "Unknown field 'Capacitence' — did you mean 'Capacitance'?"],
    [CAP, 'Capacitance', 'nH', '#VALUE!', "Unit 'nH' does not fit Capacitance (F)"],
    [IND, 'Inductance', 'pF', '#VALUE!', "Unit 'pF' does not fit Inductance (H)"],
    [CAP, 'Status', 'nF', '#VALUE!', "Field 'Status' has no unit — leave the unit empty"],
    [CAP, 'Capacitance', 'furlong', '#VALUE!', "Unknown unit 'furlong' — use for example pF, nF, µF, nH, µH, mm, mΩ, MHz or mA"],
    [CAP, 'Inductance', undefined, '#N/A', "Field 'Inductance' does not apply to ceramic capacitors (SMD)"],
    [IND, 'Capacitance', undefined, '#N/A', "Field 'Capacitance' does not apply to inductors"],
    ['XYZ', 'Capacitance', undefined, '#N/A', 'Part not found: XYZ'],
    ['MZZ99ZZ999ZZZ9Z', 'Capacitance', undefined, '#N/A', 'Part not found: MZZ99ZZ999ZZZ9Z'],
    [CAP, 'LastBuyDate', undefined, '#N/A', `No LastBuyDate for ${CAP}`],
    ['A|B', 'Status', undefined, '#VALUE!', "Not a part number: 'A|B' — The part number contains '|', which no part number contains."],
  ])('%s / %s / %s → %s %s', async (partno, field, unit, code, message) => {
    expect(await errorOf(one(partno, field, unit))).toEqual({ code, message });
  });

  test('an unknown language is #VALUE!', async () => {
    expect(await errorOf(spec([[CAP]], [['Status']], undefined, 'fr'))).toEqual({
      code: '#VALUE!',
      message: "Unknown language 'fr' — use en, ja, zh",
    });
  });

  test('a bad field sends nothing', async () => {
    h.emulator.resetLog();
    await errorOf(one(CAP, 'Capacitence'));
    expect(await settledRequests(h.emulator)).toHaveLength(0);
  });
});

describe('PART.SPEC spills', () => {
  const err = (value: unknown) => describeError(value);

  test('a column of parts × a row of fields spills rows = parts, columns = fields, errors per cell', async () => {
    const grid = await spec([[CAP], [IND], [''], ['NOPE12345'], [CAP_BASE]], [['Capacitance', 'Inductance', 'Capacitence', 'Status', 'PackageType']], [['nF', 'uH', '', '', '']]);
    expect(grid).toHaveLength(5);
    grid.forEach((row) => expect(row).toHaveLength(5));
    const unknown = { code: '#VALUE!', message: "Unknown field 'Capacitence' — did you mean 'Capacitance'?" };
    expect([grid[0][0], err(grid[0][1]), err(grid[0][2]), grid[0][3], grid[0][4]]).toEqual([
      100,
      { code: '#N/A', message: "Field 'Inductance' does not apply to ceramic capacitors (SMD)" },
      unknown,
      'In Production',
      'Paper tape 180mm reel',
    ]);
    expect([err(grid[1][0]), grid[1][1], err(grid[1][2]), grid[1][3], grid[1][4]]).toEqual([
      { code: '#N/A', message: "Field 'Capacitance' does not apply to inductors" },
      1,
      unknown,
      'In Production',
      'Plastic tape 180mm reel',
    ]);
    expect(grid[2].map((v) => (err(v) ? err(v) : v))).toEqual(['', '', unknown, '', '']);
    expect(grid[3].map(err)).toEqual([
      { code: '#N/A', message: 'Part not found: NOPE12345' },
      { code: '#N/A', message: 'Part not found: NOPE12345' },
      unknown,
      { code: '#N/A', message: 'Part not found: NOPE12345' },
      { code: '#N/A', message: 'Part not found: NOPE12345' },
    ]);
    expect(grid[4][0]).toBe(100);
    expect(err(grid[4][4])?.message).toMatch(/^Ambiguous: \d package variants differ in PackageType/);
  });

  test('one unit for several fields converts the fields it measures and leaves the rest', async () => {
    expect(await spec([[CAP], [IND]], [['Capacitance', 'Length', 'Status']], [['mm']])).toEqual([
      [1e-7, 1.6, 'In Production'],
      [expect.anything(), 2.5, 'In Production'],
    ]);
  });

  test('a unit that fits none of the fields is #VALUE!', async () => {
    expect(await errorOf(spec([[CAP]], [['Capacitance', 'Status']], [['nH']]))).toEqual({
      code: '#VALUE!',
      message: "Unit 'nH' does not fit Capacitance (F)",
    });
  });

  test('a column of parts and one field keeps the column; one part and a row of fields keeps the row', async () => {
    expect(await spec([[CAP], [IND]], [['RatedCurrent']], [['mA']])).toEqual([[expect.anything()], [2400]]);
    expect(await spec([[CAP]], [['CapacitanceText', 'RatedVoltage', 'SizecodeInch']])).toEqual([['100nF', 50, '0603']]);
    expect(await spec([[CAP]], [['CapacitanceText'], ['RatedVoltage']])).toEqual([['100nF'], [50]]);
  });

  test('a grid sends one batch for all its parts', async () => {
    await h.runtime.clearCache();
    h.emulator.resetLog();
    await spec([[CAP], [IND], [IND_SMALL]], [['Status', 'Length', 'Rohs']]);
    expect(await settledRequests(h.emulator)).toHaveLength(1);
  });
});
