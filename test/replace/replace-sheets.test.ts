import { applyWorkbookReplacement, previewWorkbookReplacement } from '../../src/sheets/replace-everywhere';
import { freshWorkbook, useRig, type Rig } from '../sheets/helpers';

/*
 * The add-in's "replace everywhere" on the workbook double, against the emulator over HTTP: the
 * preview lists exactly the cells the apply writes, in every BOM sheet; a part that is not a
 * drop-in is named with what differs.
 */

const rig = useRig();
const OLD = 'MCS18R71H104KZ9D';

/** A drop-in of OLD and a lower-rated part, from the emulator's catalog. */
function partsOf(r: Rig): { dropIn: string; looser: string } {
  const smd = r.emulator.catalog.byGroup.SMD;
  const old = smd.find((p) => p.values.Partno === OLD)!.values;
  const like = (p: (typeof smd)[number]): boolean => ['Specs.Capacitance', 'Specs.SizecodeMm', 'Specs.TemperatureCharacteristics', 'Specs.RatedVoltageClass', 'Specs.ToleranceCapacitance'].every((k) => p.values[k] === old[k]) && p.values.Status === 'In Production';
  const volts = (p: (typeof smd)[number]): number => p.values['Specs.RatedVoltage'] as number;
  const dropIn = smd.find((p) => like(p) && volts(p) >= (old['Specs.RatedVoltage'] as number) && p.values.Partno !== OLD && (old['ComplianceInfo.AecQ200Support'] !== true || p.values['ComplianceInfo.AecQ200Support'] === true) && (p.values['Specs.MaxOperatingTemperature'] as number) >= (old['Specs.MaxOperatingTemperature'] as number))!;
  const looser = smd.find((p) => like(p) && volts(p) < (old['Specs.RatedVoltage'] as number))!;
  return { dropIn: dropIn.values.Partno as string, looser: looser.values.Partno as string };
}

function workbook(r: Rig): Rig {
  const w = freshWorkbook(r);
  w.excel.setCells('Sheet1', 'A1', [
    ['Ref', 'Qty', 'Part Number'],
    ['C1', 4, OLD.toLowerCase()],
    ['C2', 1, `${OLD}X`],
    ['C3', 1, 'GRM21BR61E106KA73L'],
  ]);
  w.excel.addSheet('Board B');
  w.excel.setCells('Board B', 'B2', [
    ['Designator', 'MPN', 'MPN2'],
    ['C7', 'GRM21BR61E106KA73L', OLD],
    ['C8', OLD, ''],
    ['C9', `=Sheet1!C2`, ''],
  ]);
  w.excel.addSheet('Notes');
  w.excel.setCells('Notes', 'A1', [['Replace', OLD]]);
  return w;
}

test('the preview lists every BOM sheet cell that holds the part; applying writes exactly those, as text', async () => {
  const w = workbook(rig);
  const { dropIn } = partsOf(rig);
  rig.emulator.resetLog();
  const preview = await previewWorkbookReplacement(w.excel.run, w.client, { oldPart: OLD, newPart: dropIn });
  expect(rig.emulator.requests.filter((q) => q.url.includes('/v2/products'))).toHaveLength(1);
  if (!preview.ok) throw new Error(preview.message);
  expect(preview.dropIn).toBe(true);
  expect(preview.changes.map((c) => [c.sheet, c.cell, c.before, c.after])).toEqual([
    ['Sheet1', 'C2', OLD.toLowerCase(), dropIn],
    ['Board B', 'D3', OLD, dropIn],
    ['Board B', 'C4', OLD, dropIn],
  ]);
  const before = { sheet1: w.excel.values('Sheet1'), board: w.excel.values('Board B'), notes: w.excel.values('Notes') };
  expect(await applyWorkbookReplacement(w.excel.run, preview.changes)).toEqual({ ok: true, written: 3 });
  const expected = (grid: unknown[][], cells: [number, number][]): unknown[][] => grid.map((row, r) => row.map((v, c) => (cells.some(([rr, cc]) => rr === r && cc === c) ? dropIn : v)));
  expect(w.excel.values('Sheet1')).toEqual(expected(before.sheet1, [[1, 2]]));
  expect(w.excel.values('Board B')).toEqual(expected(before.board, [[2, 3], [3, 2]]));
  expect(w.excel.values('Notes')).toEqual(before.notes);
  expect(w.excel.cell('Sheet1', 'C2')?.numberFormat).toBe('@');
  // The formula that shows Sheet1!C2 is still a formula.
  expect(w.excel.formulaCells('Board B').map((f) => f.address)).toEqual(['Board B!C5']);
});

test('applying refuses, writing nothing, when a cell changed since the preview', async () => {
  const w = workbook(rig);
  const preview = await previewWorkbookReplacement(w.excel.run, w.client, { oldPart: OLD, newPart: partsOf(rig).dropIn });
  if (!preview.ok) throw new Error(preview.message);
  w.excel.setCells('Board B', 'C4', [['GRM21BR61E106KA73L']]);
  const before = w.excel.values('Sheet1');
  expect(await applyWorkbookReplacement(w.excel.run, preview.changes)).toEqual({ ok: false, message: `'Board B'!C4 no longer holds ${OLD}: preview again. Nothing was written.` });
  expect(w.excel.values('Sheet1')).toEqual(before);
});

test('a part that is not a drop-in is previewed with what differs; a part not found is said', async () => {
  const w = workbook(rig);
  const { looser } = partsOf(rig);
  const preview = await previewWorkbookReplacement(w.excel.run, w.client, { oldPart: OLD, newPart: looser });
  expect(preview.ok && preview.dropIn).toBe(false);
  expect(preview.ok && preview.sentence).toMatch(new RegExp(`^${looser} is not a drop-in for ${OLD}: it falls short on RatedVoltage`));
  const missing = await previewWorkbookReplacement(w.excel.run, w.client, { oldPart: OLD, newPart: 'GRM000NOTAPART' });
  expect(missing).toMatchObject({ ok: false, message: expect.stringMatching(/^GRM000NOTAPART was not found/) });
});
