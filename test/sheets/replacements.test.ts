import type { CatalogProduct } from '../../emulator';
import { applyReplacement, listSelectedRowReplacements } from '../../src/sheets/apply-replacement';
import { enrichSelection } from '../../src/sheets/enrich';
import { freshWorkbook, useRig, type Rig } from './helpers';
import { reportOf } from '../support/enrichment-report';
import { keepsStatedSpecs } from '../support/drop-in-oracle';

const rig = useRig();

// The emulator's lifecycle dates are written relative to 2026-10-01.
const TODAY = new Date(2026, 9, 1);
const deps = (r: Rig) => ({ run: r.excel.run, client: r.client, now: () => TODAY });
const partnoOf = (p: CatalogProduct): string => p.values.Partno as string;

function dropIns(original: CatalogProduct): string[] {
  const o = original.values;
  return rig.emulator.catalog.byGroup.SMD.filter((p) => {
    const v = p.values;
    return (
      v.Status === 'In Production' &&
      ['Specs.Capacitance', 'Specs.SizecodeMm', 'Specs.TemperatureCharacteristics', 'Specs.RatedVoltageClass'].every((k) => v[k] === o[k]) &&
      (v['Specs.RatedVoltage'] as number) >= (o['Specs.RatedVoltage'] as number) &&
      keepsStatedSpecs(o, v, 'SMD')
    );
  }).map(partnoOf);
}

describe('PartSpec: Replacement column', () => {
  test('rows at Risk or EOL get their best drop-in and how many more; OK rows and not-found rows stay blank; one search per parameter group', async () => {
    const smd = rig.emulator.catalog.byGroup.SMD;
    const discontinued = smd.find((p) => p.values.Status === 'Discontinued' && dropIns(p).length >= 3 && Array.isArray(p.values.AlternativePartno))!;
    const sibling = smd.find(
      (p) =>
        p !== discontinued &&
        ['NRND', 'To be discontinued', 'Discontinued'].includes(p.values.Status as string) &&
        ['Specs.Capacitance', 'Specs.SizecodeMm', 'Specs.TemperatureCharacteristics', 'Specs.RatedVoltageClass'].every((k) => p.values[k] === discontinued.values[k]),
    );
    const lonely = smd.find((p) => p.values.Status === 'Discontinued' && dropIns(p).length === 0)!;
    const fine = smd.find((p) => p.values.Status === 'In Production')!;
    const r = freshWorkbook(rig);
    r.excel.setCells('Sheet1', 'A1', [
      ['Ref', 'Part', 'Qty'],
      ['C1', partnoOf(discontinued), 4],
      ['C2', partnoOf(fine), 1],
      ['C3', partnoOf(lonely), 2],
      ['C4', 'NOTAPART-0001', 1],
      ['C5', sibling ? partnoOf(sibling) : partnoOf(discontinued), 1],
    ]);
    r.excel.select('Sheet1', 'B2');
    rig.emulator.resetLog();
    const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'], risk: true, replacements: true }));
    expect(result.status).toBe('done');
    const values = r.excel.values('Sheet1');
    expect(values[0].slice(3)).toEqual(['PartSpec: Match', 'PartSpec: Status', 'PartSpec: Risk', 'PartSpec: Replacement']);

    const best = values[1][6] as string;
    const expected = dropIns(discontinued);
    const alternatives = discontinued.values.AlternativePartno as string[];
    const [first] = best.split(' ');
    expect(expected).toContain(first);
    expect(best).toMatch(new RegExp(`^${first}${alternatives.includes(first) ? ' \\(maker alternative\\)' : ''} \\+${expected.length - 1} more$`));
    expect(values[2][6]).toBe('');
    expect(values[3][6]).toMatch(new RegExp(`^No drop-in replacement In Production for ${partnoOf(lonely)}`));
    expect(values[4][6]).toBe('');
    expect(r.excel.cell('Sheet1', 'G2')?.numberFormat).toBe('@');

    const searches = rig.emulator.requests.filter((q) => q.url.includes('/v2/products?') && q.url.includes('Capacitance%20eq') && q.url.includes('Status'));
    // Two parameter groups (the discontinued part with its sibling, and the lonely part): two searches.
    expect(searches).toHaveLength(2);
  });

  test('formulas mode keeps the Replacement as a value; a failed search says so in the column without failing the enrichment', async () => {
    const ending = rig.emulator.catalog.byGroup.SMD.find((p) => p.values.Status === 'NRND' && dropIns(p).length > 0)!;
    const r = freshWorkbook(rig);
    r.excel.setCells('Sheet1', 'A1', [['Part'], [partnoOf(ending)]]);
    r.excel.select('Sheet1', 'A2');
    const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'], mode: 'formulas', replacements: true }));
    expect(result.status).toBe('done');
    expect(r.excel.formulas('Sheet1')[1][2]).toBe('=PART.SPEC(A2,"Status")');
    expect(r.excel.formulas('Sheet1')[1][3]).toMatch(/^[A-Z0-9]+( \(maker alternative\))?( \+\d+ more)?$/);

    // The lookup is answered from the client's cache; then every request to the service fails with 500.
    const failing = freshWorkbook(rig, undefined, { cache: {} });
    failing.excel.setCells('Sheet1', 'A1', [['Part'], [partnoOf(ending)]]);
    failing.excel.select('Sheet1', 'A2');
    await failing.client.lookup([partnoOf(ending)]);
    rig.emulator.configure({ failRate: 1 });
    let degraded;
    try {
      degraded = reportOf(await enrichSelection(deps(failing), { fields: ['Status'], replacements: true }));
    } finally {
      rig.emulator.configure({ failRate: 0 });
    }
    expect(degraded.status).toBe('done');
    expect(failing.excel.values('Sheet1')[1][3]).toMatch(/^Not updated: .*500/);
  });

  test('the selected row lists its candidates; one is written into the BOM as a value and the original kept in a note column', async () => {
    const ending = rig.emulator.catalog.byGroup.SMD.find((p) => p.values.Status === 'Discontinued' && dropIns(p).length >= 2)!;
    const r = freshWorkbook(rig);
    r.excel.setCells('Sheet1', 'A1', [
      ['Ref', 'Part', 'Qty'],
      ['C1', 'GRMXX-OTHER', 1],
      ['C2', partnoOf(ending), 3],
    ]);
    r.excel.addTable('Sheet1', 'A1:C3', 'Bom');
    r.excel.select('Sheet1', 'C3');
    const listed = await listSelectedRowReplacements(r.excel.run, r.client, { max: 10 });
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.row).toMatchObject({ sheetName: 'Sheet1', row: 2, partCell: 'B3', input: partnoOf(ending) });
    expect(listed.answer.candidates.map((c) => c.product.partno).every((p) => dropIns(ending).includes(p))).toBe(true);
    const choice = listed.answer.candidates[1].product.partno;

    const applied = await applyReplacement(r.excel.run, { sheetName: 'Sheet1', row: 2, expected: partnoOf(ending), replacement: choice });
    expect(applied).toEqual({ ok: true, address: 'B3', noteAddress: 'D3', original: partnoOf(ending) });
    const values = r.excel.values('Sheet1');
    expect(values[0][3]).toBe('PartSpec: Replaced part');
    expect(r.excel.tables()[0].address).toBe('A1:D3');
    expect(values[2].slice(0, 4)).toEqual(['C2', choice, 3, partnoOf(ending)]);
    expect(values[1][3]).toBe('');
    expect(r.excel.formulas('Sheet1')[2][1]).toBe(choice);
    expect(r.excel.cell('Sheet1', 'B3')?.numberFormat).toBe('@');

    // Replaced again: the note still names the first original; a stale row is refused.
    const again = await applyReplacement(r.excel.run, { sheetName: 'Sheet1', row: 2, expected: choice, replacement: listed.answer.candidates[0].product.partno });
    expect(again).toMatchObject({ ok: true, original: partnoOf(ending) });
    expect(r.excel.values('Sheet1')[2][3]).toBe(partnoOf(ending));
    const stale = await applyReplacement(r.excel.run, { sheetName: 'Sheet1', row: 2, expected: choice, replacement: 'X' });
    expect(stale).toEqual({ ok: false, message: expect.stringContaining('list the candidates again') });

    r.excel.select('Sheet1', 'A1');
    expect(await listSelectedRowReplacements(r.excel.run, r.client)).toEqual({ ok: false, message: expect.stringContaining('below its header') });
  });
});
