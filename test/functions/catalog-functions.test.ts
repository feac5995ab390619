import { MAX_PRODUCTS_PER_CALL, fieldLabel } from '../../api/vocabulary';
import { downloadUrl, fields, card, list, risk, query } from '../../src/functions/functions';
import { defaultSearchFields } from '../../api/vocabulary/key-fields';
import { describeError } from '../../testkit/custom-functions-shim';
import { errorOf, settledRequests, startFunctionsHarness, useFunctionsHarness } from '../../testkit/functions-harness';

const CAP = 'MCS18R71H104KZ9D';
const IND = 'MPM25PMT01R0MZ9K';

  // The emulator's lifecycle data is written relative to 2026-10-01; the harness's today is that day.
const h = useFunctionsHarness();

const partnoWhere = (predicate: (values: Record<string, unknown>) => boolean): string =>
  h.emulator.catalog.products.find((p) => predicate(p.values))!.values.Partno as string;

describe('PART.QUERY', () => {
  test('spills a header row and the key specs of the category by default', async () => {
    const table = await query('inductors', 'Inductance ge 1u', undefined, 'Inductance desc', 5);
    expect((table[0] as string[]).map((h) => h.replace(/ \(.*\)$/, ''))).toEqual(defaultSearchFields('inductors').map((f) => fieldLabel(f)));
    expect(table[0]).toEqual(['Part number', 'Status', 'Metric size code', 'Inch size code', 'Inductance (µH)', 'Inductance tolerance', 'Rated current by temperature rise (mA)', 'Max. DC resistance (Ω)', 'Min. self-resonant frequency (MHz)']);
    expect(table).toHaveLength(6);
    const inductances = table.slice(1).map((row) => row[4] as number);
    expect(inductances.every((v) => v >= 1)).toBe(true);
    expect([...inductances].sort((a, b) => b - a)).toEqual(inductances);
  });

  test('named fields, case-insensitive, with values typed like PART.SPEC', async () => {
    const table = await query('ceramicCapacitorsSMD', "Capacitance eq 100n and RatedVoltage ge 50 and Rohs eq true", [['partno', 'CapacitanceText', 'rohs', 'LastBuyDate']], 'Partno', 3);
    expect(table[0]).toEqual(['Part number', 'Capacitance as written', 'RoHS', 'Last buy date']);
    expect(table.length).toBeGreaterThan(1);
    for (const row of table.slice(1)) {
      expect(row[1]).toBe('100nF');
      expect(row[2]).toBe(true);
      expect(row[3] === '' || typeof row[3] === 'number').toBe(true);
    }
  });

  test('beyond 2000 it harvests up to max, with distinct parts', async () => {
    h.emulator.resetLog();
    const table = await query('ceramicCapacitorsSMD', undefined, [['Partno']], undefined, 2500);
    expect(table).toHaveLength(2501);
    expect(new Set(table.slice(1).map((r) => r[0])).size).toBe(2500);
    expect((await settledRequests(h.emulator)).length).toBeGreaterThanOrEqual(Math.ceil(2500 / MAX_PRODUCTS_PER_CALL));
  });

  test.each([
    [['capacitors'], '#VALUE!', "Unknown category 'capacitors' — use ceramicCapacitors, ceramicCapacitorsSMD, ceramicCapacitorsLead or inductors"],
    [['inductors', undefined, [['Partno', 'Capacitance']]], '#N/A', "Field 'Capacitance' does not apply to inductors"],
    [['inductors', undefined, [['Inductence']]], '#VALUE!', "Unknown field 'Inductence' — did you mean 'Inductance'?"],
    [['inductors', undefined, undefined, undefined, 0], '#VALUE!', "max must be a whole number from 1 to 20000, not '0'"],
    [['inductors', 'Inductance eq 123456'], '#N/A', "No inductors products match 'Inductance eq 123456'"],
  ])('%j → %s %s', async (args, code, message) => {
    expect(await errorOf((query as (...a: unknown[]) => Promise<unknown>)(...args))).toEqual({ code, message });
  });

  test('a filter the parser rejects is #VALUE! with its message', async () => {
    const error = await errorOf(query('ceramicCapacitorsSMD', 'Inductance ge 1u'));
    expect(error.code).toBe('#VALUE!');
    expect(error.message).toMatch(/Inductance/);
  });
});

describe('PART.DOWNLOADURL', () => {
  test('returns the link and reuses it until it expires', async () => {
    h.emulator.resetLog();
    const url = await downloadUrl('inductors');
    expect(url).toMatch(/^http/);
    expect(await downloadUrl('INDUCTORS')).toBe(url);
    expect(await settledRequests(h.emulator)).toHaveLength(1);
    expect(await downloadUrl('inductors', 'ja')).not.toBe(url);
  });

  test('ceramicCapacitors has no download file', async () => {
    expect(await errorOf(downloadUrl('ceramicCapacitors'))).toEqual({
      code: '#VALUE!',
      message: "Category 'ceramicCapacitors' cannot be used here — use ceramicCapacitorsSMD, ceramicCapacitorsLead or inductors",
    });
  });
});

describe('PART.FIELDS', () => {
  test('spills name, key, type, unit, applicability, filter name and meaning', async () => {
    const table = await fields();
    expect(table[0]).toEqual(['Field', 'Key', 'Type', 'Unit', 'Applies to', 'Filter name', 'Meaning']);
    const byName = new Map(table.slice(1).map((r) => [r[0], r]));
    expect(byName.get('Capacitance')).toEqual(['Capacitance', 'Specs.Capacitance', 'Double', 'F', 'ceramic capacitors (SMD), ceramic capacitors (lead)', 'Capacitance', '']);
    expect(byName.get('RdcMax')?.slice(3, 6)).toEqual(['Ω', 'inductors', 'Rdc']);
    expect(byName.get('Status')?.[4]).toBe('all');
    expect(byName.get('SpecificationsSheet')?.[1]).toBe('MediaFileUrls.SpecificationsSheet');
  });

  test('for one category lists only its fields, and only its filter names', async () => {
    const table = await fields('inductors');
    const names = table.slice(1).map((r) => r[0]);
    expect(names).toContain('Inductance');
    expect(names).not.toContain('Capacitance');
    const smd = await fields('ceramicCapacitorsSMD');
    expect(smd.find((r) => r[0] === 'Length')?.[5]).toBe('Length');
    const both = await fields('ceramicCapacitors');
    expect(both.find((r) => r[0] === 'Length')?.[5]).toBe('');
  });
});

describe('PART.LIST', () => {
  test('spills a list field down', async () => {
    const p = h.emulator.catalog.products.find((x) => Array.isArray(x.values.AlternativePartno) && (x.values.AlternativePartno as string[]).length >= 2)!;
    expect(await list(p.values.Partno, 'AlternativePartno')).toEqual((p.values.AlternativePartno as string[]).map((a) => [a]));
    expect(await list(CAP, 'mounting')).toEqual([['Reflow soldering'], ['Flow soldering']]);
    expect(await list(CAP, 'Application')).toEqual([['Consumer equipment'], ['Industrial Equipment'], ['Mobile Electronics']]);
    expect(await list(CAP, 'Mounting', 'ja')).toEqual([['リフローはんだ'], ['フローはんだ']]);
  });

  test.each([
    [CAP, 'Capacitance', '#VALUE!', "Field 'Capacitance' is not a list — use PART.SPEC for it"],
    [IND, 'Mounting', '#N/A', "Field 'Mounting' does not apply to inductors"],
    [CAP, 'AlternativePartno', '#N/A', `No AlternativePartno for ${CAP}`],
    ['NOPE12345', 'Mounting', '#N/A', 'Part not found: NOPE12345'],
  ])('%s %s → %s %s', async (partno, field, code, message) => {
    expect(await errorOf(list(partno, field))).toEqual({ code, message });
  });
});

describe('PART.RISK', () => {
  const noDates = (v: Record<string, unknown>): boolean => v.LastBuyDate === undefined && v.ProductionEndDate === undefined;
  // Dates are compared with the harness's today, 2026-10-01 (the emulator's reference date).
  const laterThanAYear = (v: Record<string, unknown>): boolean =>
    typeof v.LastBuyDate === 'string' && v.LastBuyDate > '2027-10-01' && typeof v.ProductionEndDate === 'string' && v.ProductionEndDate > '2027-10-01';
  const withinAYear = (v: Record<string, unknown>): boolean => typeof v.LastBuyDate === 'string' && v.LastBuyDate > '2026-10-01' && v.LastBuyDate < '2027-09-30';

  test.each([
    ['Discontinued', () => true, 'EOL'],
    ['NRND', noDates, 'Risk'],
    ['To be discontinued', laterThanAYear, 'Risk'],
    ['To be discontinued', withinAYear, 'Risk'],
    ['Under Development', noDates, 'Watch'],
    ['In Production', noDates, 'OK'],
  ])('Status %s → %s', async (status, when, level) => {
    const partno = partnoWhere((v) => v.Status === status && when(v));
    expect(await risk([[partno]])).toEqual([[level]]);
  });

  test('a range of parts spills a column, blanks stay blank, errors stay in their cells', async () => {
    const result = await risk([[CAP], [''], ['NOPE12345']]);
    expect(result[0]).toEqual(['OK']);
    expect(result[1]).toEqual(['']);
    expect(describeError(result[2][0])).toEqual({ code: '#N/A', message: 'Part not found: NOPE12345' });
  });
});

describe('PART.CARD', () => {
  test('an entity card with key specs, lifecycle and links', async () => {
    const entity = (await card(CAP)) as Excel.EntityCellValue;
    expect(entity.type).toBe('Entity');
    expect(entity.text).toBe(CAP);
    const props = entity.properties as Record<string, { type: string; basicValue: unknown; numberFormat?: string }>;
    expect(props.Partno).toEqual({ type: 'String', basicValue: CAP });
    expect(props.Capacitance).toEqual({ type: 'FormattedNumber', basicValue: 1e-7, numberFormat: '##0.0##E+0" F"' });
    expect(props.RatedVoltage).toEqual({ type: 'FormattedNumber', basicValue: 50, numberFormat: 'General" V"' });
    expect(props.Rohs).toEqual({ type: 'Boolean', basicValue: true });
    expect(props.Risk).toEqual({ type: 'String', basicValue: 'OK' });
    expect(props.ProductName).toEqual({ type: 'String', basicValue: '=HYPERLINK("http://evil.example","x")' });
    expect(props.SpecificationsSheet.basicValue).toMatch(/^http/);
    const sections = ((entity.layouts?.card as Excel.EntityCardLayout).sections ?? []).map((s) => [s.title, s.properties]);
    expect(sections[0]).toEqual(['Key specs', ['SizecodeMm', 'SizecodeInch', 'Capacitance', 'ToleranceCapacitance', 'RatedVoltage', 'TemperatureCharacteristics', 'MaxOperatingTemperature']]);
    expect(sections.map((s) => s[0])).toEqual(['Key specs', 'Lifecycle', 'Compliance', 'Links', 'All fields']);
    for (const [, names] of sections) for (const name of names as string[]) expect(props[name]).toBeDefined();
  });

  test('a date property is a formatted serial', async () => {
    const partno = partnoWhere((v) => typeof v.LastBuyDate === 'string');
    const entity = (await card(partno)) as Excel.EntityCellValue;
    const date = (entity.properties as Record<string, Excel.FormattedNumberCellValue>).LastBuyDate;
    expect(date.numberFormat).toBe('yyyy-mm-dd');
    expect(Number.isInteger(date.basicValue)).toBe(true);
  });

  test('without entity support, the plain part number', async () => {
    const plain = await startFunctionsHarness({ entities: false });
    try {
      expect(await card(CAP.toLowerCase())).toBe(CAP);
    } finally {
      await plain.close();
      await startAgain();
    }
  });

  test('variants are ambiguous for a card', async () => {
    expect(await errorOf(card('MCS18R71H104KZ9'))).toEqual({
      code: '#N/A',
      message: 'Ambiguous: MCS18R71H104KZ9 has 2 package variants — use the full part number',
    });
  });
});

/** Reinstalls this file's harness after a test replaced the runtime. */
async function startAgain(): Promise<void> {
  await h.close();
  Object.assign(h, await startFunctionsHarness());
}
