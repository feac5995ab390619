/**
 * PART.SEARCH reads like a datasheet, lists of fields may be one comma-separated text, and
 * PART.SPEC without a unit stays SI. Formats are rendered with numfmt, an implementation of
 * Excel's number formats that the functions do not use, against what an engineer reads.
 */
import { format as renderExcel } from 'numfmt';
import { search, spec } from '../../src/functions/functions';
import { setFunctionsRuntime } from '../../src/functions/runtime';
import { errorOf, startFunctionsHarness, useFunctionsHarness } from '../support/functions-harness';

const h = useFunctionsHarness();

type Formatted = { type: string; basicValue: number; numberFormat: string };
const shown = (cell: unknown): string => renderExcel((cell as Formatted).numberFormat, (cell as Formatted).basicValue);

test('=PART.SEARCH("inductors","Inductance ge 1u","Partno,Inductance",,5) spills two columns that read like a datasheet', async () => {
  const table = await search('inductors', 'Inductance ge 1u', [['Partno,Inductance']], undefined, 5);
  expect(table[0]).toEqual(['Partno', 'Inductance (nH)']);
  expect(table).toHaveLength(6);
  const catalog = new Map(h.emulator.catalog.byGroup.Ind.map((p) => [p.values.Partno as string, p.values['Specs.Inductance'] as number]));
  for (const [partno, cell] of table.slice(1)) {
    const si = catalog.get(partno as string)!;
    expect((cell as Formatted).type).toBe('FormattedNumber');
    expect((cell as Formatted).basicValue).toBe(Math.round(si * 1e9 * 1e6) / 1e6);
    expect(shown(cell)).toMatch(/^\d+(\.\d{1,3})? (nH|µH|mH)$/);
  }
});

test('known values read as a person expects: 1 µH, 2.2 µH, 10 nH', async () => {
  const texts: string[] = [];
  for (const value of ['1u', '2.2u', '10n']) {
    const table = await search('inductors', `Inductance eq ${value}`, [['Partno, Inductance , Status']], undefined, 1);
    expect(table[0]).toEqual(['Partno', 'Inductance (nH)', 'Status']);
    texts.push(shown(table[1][1]));
  }
  expect(texts).toEqual(['1 µH', '2.2 µH', '10 nH']);
});

test('without formatted numbers (before ExcelApi 1.16) the numbers are plain, in the unit the header names', async () => {
  const plain = await startFunctionsHarness({ entities: false });
  try {
    const table = await search('ceramicCapacitorsSMD', 'Capacitance eq 100p', [['Partno,Capacitance,Length']], undefined, 3);
    expect(table[0]).toEqual(['Partno', 'Capacitance (pF)', 'Length (mm)']);
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
  const error = await errorOf(search('inductors', undefined, [['Partno,Inductence']], undefined, 5));
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
