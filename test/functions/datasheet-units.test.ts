/**
 * PART.QUERY writes every number in the unit its header names, one unit per column chosen so the
 * column's values read between 1 and 999 (a spill takes no number formats), lists of fields may be
 * one comma-separated text, and PART.SPEC without a unit stays SI.
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

test('known values read as a datasheet writes them: 1 and 2.2 under Inductance (µH), 10 under Inductance (nH)', async () => {
  const read: unknown[][] = [];
  for (const value of ['1u', '2.2u', '10n']) {
    const table = await query('inductors', `Inductance eq ${value}`, [['Partno, Inductance , Status']], undefined, 1);
    read.push([table[0][1], table[1][1]]);
    expect(table[0][2]).toBe('Status');
  }
  expect(read).toEqual([['Inductance (µH)', 1], ['Inductance (µH)', 2.2], ['Inductance (nH)', 10]]);
});

test('10 µF capacitors read 10 under Capacitance (µF), 100 pF ones 100 under Capacitance (pF)', async () => {
  const tenMicro = await query('ceramicCapacitorsSMD', 'Capacitance eq 10u', [['Partno,Capacitance,RatedVoltage']], undefined, 5);
  expect(tenMicro[0]).toEqual(['Part number', 'Capacitance (µF)', 'Rated voltage (V)']);
  expect(tenMicro.length).toBeGreaterThan(1);
  for (const row of tenMicro.slice(1)) expect(row[1]).toBe(10);
  const hundredPico = await query('ceramicCapacitorsSMD', 'Capacitance eq 100p', [['Partno,Capacitance']], undefined, 5);
  expect(hundredPico[0]).toEqual(['Part number', 'Capacitance (pF)']);
  expect(hundredPico.length).toBeGreaterThan(1);
  for (const row of hundredPico.slice(1)) expect(row[1]).toBe(100);
});

test('capacitors from 1 µF up read in µF, every cell the catalog value in that unit, the median between 1 and 999', async () => {
  const table = await query('ceramicCapacitorsSMD', 'Capacitance ge 1u', [['Partno,Capacitance']], 'Capacitance', 9);
  expect(table[0]).toEqual(['Part number', 'Capacitance (µF)']);
  const catalog = new Map(h.emulator.catalog.byGroup.SMD.map((p) => [p.values.Partno as string, p.values['Specs.Capacitance'] as number]));
  const cells = table.slice(1).map(([partno, cell]) => {
    expect(cell).toBeCloseTo(catalog.get(partno as string)! * 1e6, 9);
    return cell as number;
  });
  const median = [...cells].sort((a, b) => a - b)[Math.floor((cells.length - 1) / 2)];
  expect(median).toBeGreaterThanOrEqual(1);
  expect(median).toBeLessThan(1000);
});

test('without formatted numbers (before ExcelApi 1.16) the numbers are the same plain numbers', async () => {
  const plain = await startFunctionsHarness({ entities: false });
  try {
    const table = await query('ceramicCapacitorsSMD', 'Capacitance eq 100p', [['Partno,Capacitance,Length']], undefined, 3);
    expect(table[0]).toEqual(['Part number', 'Capacitance (pF)', 'Length (mm)']);
    for (const row of table.slice(1)) {
      expect(row[1]).toBe(100);
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
