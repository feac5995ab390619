/**
 * PART.QUERY writes every number in the unit its header names (the column unit unless one is
 * chosen), lists of fields may be one comma-separated text, and PART.SPEC without a unit stays SI.
 */
import { query, spec } from '../../src/functions/functions';
import { setFunctionsRuntime } from '../../src/functions/runtime';
import { errorOf, startFunctionsHarness, useFunctionsHarness } from '../../testkit/functions-harness';

const h = useFunctionsHarness();

test('=PART.QUERY("inductors","Inductance ge 1u","Partno,Inductance",,5) spills two columns, the numbers in the unit the header names', async () => {
  const table = await query('inductors', 'Inductance ge 1u', [['Partno,Inductance']], undefined, 5);
  expect(table[0]).toEqual(['Part number', 'Inductance (µH)']);
  expect(table).toHaveLength(6);
  const catalog = new Map(h.emulator.catalog.byGroup.Ind.map((p) => [p.values.Partno as string, p.values['Specs.Inductance'] as number]));
  for (const [partno, cell] of table.slice(1)) {
    const si = catalog.get(partno as string)!;
    expect(cell).toBeCloseTo(si * 1e6, 9);
  }
});

test('known values read as a person expects under Inductance (µH): 1, 2.2, 0.01', async () => {
  const values: unknown[] = [];
  for (const value of ['1u', '2.2u', '10n']) {
    const table = await query('inductors', `Inductance eq ${value}`, [['Partno, Inductance , Status']], undefined, 1);
    expect(table[0]).toEqual(['Part number', 'Inductance (µH)', 'Status']);
    values.push(table[1][1]);
  }
  expect(values).toEqual([1, 2.2, 0.01]);
});

test('without formatted numbers (before ExcelApi 1.16) the numbers are the same plain numbers', async () => {
  const plain = await startFunctionsHarness({ entities: false });
  try {
    const table = await query('ceramicCapacitorsSMD', 'Capacitance eq 100p', [['Partno,Capacitance,Length']], undefined, 3);
    expect(table[0]).toEqual(['Part number', 'Capacitance (nF)', 'Length (mm)']);
    for (const row of table.slice(1)) {
      expect(row[1]).toBe(0.1);
      expect(typeof row[2]).toBe('number');
    }
  } finally {
    await plain.close();
    setFunctionsRuntime(h.runtime);
  }
});

test('an unknown name inside a comma list is named on its own, with a suggestion', async () => {
  const error = await errorOf(query('inductors', undefined, [['Partno,Inductence']], undefined, 5));
  expect(error).toMatchObject({ code: '#VALUE!' });
  expect(error.message).toContain("Unknown field 'Inductence'");
  expect(error.message).toContain("'Inductance'");
});

test('PART.SPEC takes a comma list of fields and of units; without a unit it stays SI', async () => {
  const product = h.emulator.catalog.byGroup.SMD.find((p) => p.values['Specs.Capacitance'] === 4.7e-9)!;
  const partno = product.values.Partno as string;
  expect(await spec([[partno]], [['Capacitance']])).toEqual([[4.7e-9]]);
  expect(await spec([[partno]], [['Status,Capacitance']], [['']])).toEqual([[product.values.Status, 4.7e-9]]);
  expect(await spec([[partno]], [['Capacitance,RatedVoltage']], [['nF,V']])).toEqual([[4.7, product.values['Specs.RatedVoltage']]]);
  expect(await spec([[partno]], [['Capacitance']], [['uf']])).toEqual([[0.0047]]);
  expect(await spec([[partno]], [['Capacitance']], [['μF']])).toEqual([[0.0047]]);
});
