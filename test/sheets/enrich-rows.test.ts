/**
 * The add-in's side of real BOMs, in the workbook double against the emulator over real HTTP: two
 * columns that could both be the part numbers (the candidates, and the one the user picks is the
 * one looked up), rows that are not looked up (DNP, total, blank, other makers'), second sources
 * with their own columns, and the ribbon's notice.
 */
import { DEMO_KEY } from '../../emulator';
import { lastCommandNotice } from '../../src/commands/notices';
import { runEnrichSelection } from '../../src/commands/ribbon-actions';
import { enrichSelection } from '../../src/sheets/enrich';
import { inspectBom } from '../../src/sheets/bom-tools';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSessionProvider } from '../../src/settings/session';
import { createSettingsStore, defaultPreferences } from '../../src/settings/settings';
import { freshWorkbook, useRig, type Rig } from './helpers';
import { reportOf, firstSet, problemSheetRows } from '../support/enrichment-report';

// The invented catalog only: a Samsung number must stay "not found" whatever the emulator decodes.
const rig = useRig({ realNumbers: false });

const deps = (r: Rig) => ({ run: r.excel.run, client: r.client, now: () => new Date(2026, 0, 15) });
const parts = (group: 'SMD' | 'Ind', from: number, count: number): string[] => rig.emulator.catalog.byGroup[group].slice(from, from + count).map((p) => p.values.Partno as string);
/** Part numbers the emulator was asked for since `since` (its request log, decoded). */
const askedSince = (since: number): string => rig.emulator.requests.slice(since).map((r) => decodeURIComponent(r.url)).join('\n');
const lookupsSince = (since: number): number => rig.emulator.requests.slice(since).filter((r) => r.url.startsWith('/v2/products?')).length;

/** A BOM whose 'Part Number' and 'Mfr PN' columns both hold different part numbers of the maker. */
function twoColumnBom(r: Rig): { internal: string[]; maker: string[] } {
  const internal = parts('SMD', 0, 6);
  const maker = parts('Ind', 0, 6);
  r.excel.setCells('Sheet1', 'A1', [['Ref', 'Part Number', 'Mfr PN', 'Qty'], ...maker.map((p, i) => [`C${i + 1}`, internal[i], p, 1])]);
  r.excel.select('Sheet1', 'A1');
  return { internal, maker };
}

test('two close columns: inspection lists both with samples and asks; the column the user picks is the one looked up', async () => {
  const r = freshWorkbook(rig);
  const { internal, maker } = twoColumnBom(r);
  const found = await inspectBom(r.excel.run);
  expect(found.ok).toBe(true);
  if (!found.ok) return;
  expect(found.ambiguous).toBe(true);
  expect(found.candidates.map((c) => [c.letter, c.header])).toEqual([
    ['C', 'Mfr PN'],
    ['B', 'Part Number'],
  ]);
  expect(found.candidates[1].samples).toEqual(internal.slice(0, 5));
  expect(found.detected).toBe(found.candidates[0].id);

  const since = rig.emulator.requests.length;
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'], partColumn: found.candidates[1].id }));
  expect(result.status).toBe('done');
  expect(result.bom.layout).toMatchObject({ headerRow: 0, partColumn: 1, firstRow: 1, lastRow: 6 });
  const values = r.excel.values('Sheet1');
  expect(values[0]).toEqual(['Ref', 'Part Number', 'Mfr PN', 'Qty', 'PartSpec: Match', 'PartSpec: Status']);
  expect(values.slice(1).map((row) => row[4])).toEqual(internal.map(() => 'Exact'));
  expect(values.slice(1).map((row) => row[5])).toEqual(internal.map((p) => rig.emulator.catalog.byPartno.get(p)!.values.Status));
  const asked = askedSince(since);
  for (const p of internal) expect(asked).toContain(p);
  for (const p of maker) expect(asked).not.toContain(p);
});

test('DNP, total, blank and other makers\' rows are not looked up; their Match cell says why; the summary counts them', async () => {
  const r = freshWorkbook(rig);
  const [ours, dnp, typo] = parts('SMD', 10, 3);
  const samsung = 'CL10A106KP8NNNC';
  r.excel.setCells('Sheet1', 'A1', [
    ['Designator', 'Manufacturer', 'Manufacturer Part Number', 'Fitted', 'Qty'],
    ['C1, C3, C4', 'Murata Manufacturing', ours, '', 3],
    ['C2', 'Samsung Electro-Mechanics', samsung, '', 1],
    ['C5', 'MURATA', dnp, 'DNP', 1],
    ['', '', '', '', ''],
    ['C6', '村田製作所', `${typo}ZZ`, '', 1],
    ['Total', '', '', '', 5],
  ]);
  r.excel.select('Sheet1', 'A1');
  const since = rig.emulator.requests.length;
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'] }));
  expect(result.status).toBe('done');
  const values = r.excel.values('Sheet1');
  expect(values[0].slice(5)).toEqual(['PartSpec: Match', 'PartSpec: Status']);
  expect(values.slice(1).map((row) => row[5])).toEqual(['Exact', 'Other maker', 'Not fitted', '', 'Not found', '']);
  expect(values.slice(1).map((row) => row[6])).toEqual([rig.emulator.catalog.byPartno.get(ours)!.values.Status, '', '', '', '', '']);
  // Grouped designators are kept as they are.
  expect(values[1][0]).toBe('C1, C3, C4');

  const asked = askedSince(since);
  expect(asked).toContain(ours);
  expect(asked).not.toContain(samsung);
  expect(asked).not.toContain(dnp);
  expect(firstSet(result).tally.kinds).toEqual({ part: 2, blank: 1, dnp: 1, total: 1, otherMaker: 1 });
  expect(firstSet(result).tally.counts).toEqual({ exact: 1, variant: 0, ambiguous: 0, notFound: 1, invalid: 0, blank: 1 });
  expect(problemSheetRows(result)).toEqual([6]);
  expect(firstSet(result).tally.summary).toBe("6 rows: 1 exact, 0 variant, 0 ambiguous, 1 not found, 0 invalid, 1 blank; not looked up: 1 not fitted (DNP), 1 total row, 1 other makers' part (by 'Manufacturer')");

  // Once the DNP mark is gone, the row is looked up again: the last run's "Not fitted" is not a mark.
  r.excel.setCells('Sheet1', 'D4', [['']]);
  const again = reportOf(await enrichSelection(deps(r), { fields: ['Status'] }));
  expect(firstSet(again).tally.kinds.dnp).toBe(0);
  expect(r.excel.values('Sheet1')[3][5]).toBe('Exact');
});

test('without a manufacturer column, a not-found number outside Murata\'s numbering is counted, not named', async () => {
  const r = freshWorkbook(rig);
  const [ours] = parts('Ind', 20, 1);
  r.excel.setCells('Sheet1', 'A1', [['MPN', 'Qty'], [ours, 1], ['CL10A106KP8NNNC', 2], ['GRM155Q99Z999ZZ99Q', 1]]);
  r.excel.select('Sheet1', 'A1');
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'] }));
  expect(result.status).toBe('done');
  expect(firstSet(result).tally.notOurs).toBe(1);
  expect(firstSet(result).tally.summary).toBe("3 rows: 1 exact, 0 variant, 0 ambiguous, 2 not found (1 not in Murata's numbering), 0 invalid, 0 blank");
  // With no manufacturer column every row is looked up, whoever made it.
  expect(r.excel.values('Sheet1').slice(1).map((row) => row[2])).toEqual(['Exact', 'Not found', 'Not found']);
});

test('a second source gets its own PartSpec (MPN2) columns, in the same lookup, updated in place on a re-run', async () => {
  const r = freshWorkbook(rig);
  const first = parts('SMD', 30, 3);
  const second = parts('Ind', 30, 2);
  r.excel.setCells('Sheet1', 'A1', [['Ref', 'MPN', 'MPN2', 'Qty'], ['C1', first[0], second[0], 1], ['C2', first[1], '', 2], ['C3', first[2], second[1], 1], ['C4', 'DNP', '', 1]]);
  r.excel.select('Sheet1', 'A1');
  const found = await inspectBom(r.excel.run);
  expect(found.ok && found.alternates).toEqual(["'Sheet1'!C2:C5"]);

  const since = rig.emulator.requests.length;
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'], alternateColumns: ["'Sheet1'!C2:C5"] }));
  expect(result.status).toBe('done');
  // Five part numbers, one lookup: the client packs them into one request.
  expect(lookupsSince(since)).toBe(1);
  const values = r.excel.values('Sheet1');
  expect(values[0]).toEqual(['Ref', 'MPN', 'MPN2', 'Qty', 'PartSpec: Match', 'PartSpec: Status', 'PartSpec (MPN2): Match', 'PartSpec (MPN2): Status']);
  const status = (p: string) => rig.emulator.catalog.byPartno.get(p)!.values.Status;
  expect(values.slice(1).map((row) => row.slice(4))).toEqual([
    ['Exact', status(first[0]), 'Exact', status(second[0])],
    ['Exact', status(first[1]), '', ''],
    ['Exact', status(first[2]), 'Exact', status(second[1])],
    ['Not fitted', '', 'Not fitted', ''],
  ]);
  expect(result.sets.slice(1)).toEqual([expect.objectContaining({ source: 'MPN2', partNumbers: 'C2:C5', tally: expect.objectContaining({ counts: { exact: 2, variant: 0, ambiguous: 0, notFound: 0, invalid: 0, blank: 1 } }) })]);
  expect(result.sets[1]?.tally.summary).toBe('4 rows: 2 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 1 blank; not looked up: 1 not fitted (DNP)');

  const again = reportOf(await enrichSelection(deps(r), { fields: ['Status'], alternateColumns: ["'Sheet1'!C2:C5"] }));
  expect(again.status).toBe('done');
  expect(r.excel.values('Sheet1')[0]).toEqual([...values[0], 'PartSpec: Changes']);
  expect(again.columns.filter((c) => c.header.startsWith('PartSpec (MPN2)')).every((c) => c.existing)).toBe(true);
});

test('a second source is written in the same syncs as the first column: its columns cost no sync of their own', async () => {
  const bom = (r: Rig): void => {
    const first = parts('SMD', 110, 4);
    const second = parts('Ind', 110, 4);
    r.excel.setCells('Sheet1', 'A1', [['Ref', 'MPN', 'MPN2'], ...first.map((p, i) => [`C${i + 1}`, p, i === 1 ? '' : second[i]])]);
    r.excel.select('Sheet1', 'A1');
  };
  const syncsOf = async (alternateColumns?: string[]): Promise<number> => {
    const r = freshWorkbook(rig);
    bom(r);
    const before = r.excel.syncCount();
    expect(reportOf(await enrichSelection(deps(r), { fields: ['Status'], alternateColumns }))).toMatchObject({ status: 'done' });
    if (alternateColumns) expect(r.excel.values('Sheet1')[0].slice(5)).toEqual(['PartSpec (MPN2): Match', 'PartSpec (MPN2): Status']);
    return r.excel.syncCount() - before;
  };
  expect(await syncsOf(["'Sheet1'!C2:C5"])).toBe(await syncsOf());
});

test('cancelled while writing: rows not reached keep their previous values in every set\'s columns, and the message names the rows written', async () => {
  const r = freshWorkbook(rig);
  const first = parts('SMD', 120, 4);
  const second = parts('Ind', 120, 4);
  // The last run's columns are there: what the cancel did not reach must stay as it was.
  const previous = (i: number): string[] => [`match ${i}`, `status ${i}`, `match2 ${i}`, `status2 ${i}`];
  r.excel.setCells('Sheet1', 'A1', [
    ['Ref', 'MPN', 'MPN2', 'PartSpec: Match', 'PartSpec: Status', 'PartSpec (MPN2): Match', 'PartSpec (MPN2): Status'],
    ...first.map((p, i) => [`C${i + 1}`, p, i === 3 ? '' : second[i], ...previous(i)]),
  ]);
  r.excel.select('Sheet1', 'B1');
  const controller = new AbortController();
  const result = reportOf(await enrichSelection(deps(r), {
    fields: ['Status'],
    alternateColumns: ["'Sheet1'!C2:C5"],
    // Five columns (with Changes) of two rows a chunk: the first chunk lands, then the user cancels.
    budget: { maxCells: 10 },
    signal: controller.signal,
    onProgress: (p) => {
      if (p.phase === 'writing' && p.rowsWritten > 0) controller.abort();
    },
  }));
  expect(result).toMatchObject({ status: 'cancelled', written: 2, message: 'The enrichment was cancelled after 2 of 4 rows: rows 2–3 were written, rows 4–5 kept their previous values.' });
  const values = r.excel.values('Sheet1');
  expect(values[0].slice(3, 7)).toEqual(['PartSpec: Match', 'PartSpec: Status', 'PartSpec (MPN2): Match', 'PartSpec (MPN2): Status']);
  expect(values.slice(1, 3).map((row) => [row[3], row[5]])).toEqual([
    ['Exact', 'Exact'],
    ['Exact', 'Exact'],
  ]);
  expect(values.slice(3).map((row) => row.slice(3, 7))).toEqual([previous(2), previous(3)]);
  expect(values.flat().join('\n')).not.toMatch(/Not enriched/);
});

test('a failed lookup with second sources says why once and writes nothing', async () => {
  const r = freshWorkbook(rig, 'wrong-key');
  const first = parts('SMD', 130, 2);
  const second = parts('Ind', 130, 1);
  r.excel.setCells('Sheet1', 'A1', [['MPN', 'MPN2'], [first[0], second[0]], [first[1], '']]);
  r.excel.select('Sheet1', 'A1');
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'], alternateColumns: ['B2:B3'] }));
  expect(result.status).toBe('failed');
  expect(result.message).toMatch(/key/i);
  expect(r.excel.values('Sheet1')).toEqual([['MPN', 'MPN2'], [first[0], second[0]], [first[1], '']]);
});

test('in a table, the second source\'s columns join the table after the first column\'s', async () => {
  const r = freshWorkbook(rig);
  const first = parts('SMD', 90, 2);
  const second = parts('Ind', 90, 2);
  r.excel.setCells('Sheet1', 'A1', [['MPN', 'MPN2', 'Qty'], [first[0], second[0], 1], [first[1], second[1], 2]]);
  r.excel.addTable('Sheet1', 'A1:C3', 'Bom');
  r.excel.select('Sheet1', 'A2');
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'], alternateColumns: ['B2:B3'] }));
  expect(result.status).toBe('done');
  expect(r.excel.tables()[0]).toMatchObject({ name: 'Bom', address: 'A1:G3', headers: ['MPN', 'MPN2', 'Qty', 'PartSpec: Match', 'PartSpec: Status', 'PartSpec (MPN2): Match', 'PartSpec (MPN2): Status'] });
  expect(r.excel.values('Sheet1').slice(1).map((row) => [row[3], row[5]])).toEqual([
    ['Exact', 'Exact'],
    ['Exact', 'Exact'],
  ]);
});

test('a second source that is the part-number column itself, or outside the BOM, is refused before anything is looked up', async () => {
  const r = freshWorkbook(rig);
  r.excel.setCells('Sheet1', 'A1', [['MPN', 'MPN2'], [parts('SMD', 40, 1)[0], '']]);
  r.excel.select('Sheet1', 'A1');
  const since = rig.emulator.requests.length;
  expect(await enrichSelection(deps(r), { fields: ['Status'], alternateColumns: ['A2:A2'] })).toMatchObject({ ok: false, kind: 'column', message: expect.stringMatching(/holds the part numbers already/) });
  expect(await enrichSelection(deps(r), { fields: ['Status'], alternateColumns: ['Z2:Z9'] })).toMatchObject({ ok: false, kind: 'column', message: 'Column Z is not a column of the BOM.' });
  expect(rig.emulator.requests.length).toBe(since);
});

test('a picked column with no header of its own keeps the BOM\'s header row, not a title block\'s "Part No."', async () => {
  const r = freshWorkbook(rig);
  const list = parts('SMD', 50, 5);
  const unnamed = parts('Ind', 50, 5);
  r.excel.setCells('Sheet1', 'A1', [
    ['Assembly BOM', '', '', '', '', ''],
    ['Part No.', 'PCB-0042', '', '', '', ''],
    ['', '', '', '', '', ''],
    ['Item', 'Qty', 'Ref', 'Desc', '', 'Manufacturer Part Number'],
    ...list.map((p, i) => [i + 1, 1, `C${i + 1}`, 'MLCC', unnamed[i], p]),
  ]);
  r.excel.select('Sheet1', 'A1');
  const found = await inspectBom(r.excel.run);
  expect(found.ok && found.detected).toBe("'Sheet1'!F5:F9");
  if (!found.ok) return;
  // The user picks column E in "Use another column": its header is empty, so only the BOM's header row places it.
  const column = found.columns.find((c) => c.letter === 'E')!;
  const result = reportOf(await enrichSelection(deps(r), { fields: ['Status'], partColumn: column.id }));
  expect(result.bom.layout).toMatchObject({ headerRow: 3, partColumn: 4, firstRow: 4, lastRow: 8 });
  const values = r.excel.values('Sheet1');
  expect(values[1]).toEqual(['Part No.', 'PCB-0042', '', '', '', '', '', '']);
  expect(values[3].slice(6)).toEqual(['PartSpec: Match', 'PartSpec: Status']);
  expect(values.slice(4).map((row) => row[6])).toEqual(unnamed.map(() => 'Exact'));
});

test('Enrich selection: DNP rows are not looked up, and the notice says the summary and names both close columns', async () => {
  const store = createSettingsStore(createMemoryStorage(), defaultPreferences(rig.emulator.url));
  await store.setApiKey(DEMO_KEY);
  const session = createSessionProvider({ settings: store });
  await store.save({ enrichFields: ['Status'], enrichRisk: false, enrichAlternatives: false, enrichMode: 'values' });
  const r = freshWorkbook(rig);
  const { maker } = twoColumnBom(r);
  r.excel.setCells('Sheet1', 'D7', [['DNP']]);
  const since = rig.emulator.requests.length;
  const result = reportOf(await runEnrichSelection({ run: r.excel.run, session, settings: r.settings }));
  expect(result.status).toBe('done');
  expect(askedSince(since)).not.toContain(maker[5]);
  expect(r.excel.values('Sheet1')[6][4]).toBe('Not fitted');
  expect(lastCommandNotice()).toMatchObject({
    command: 'enrichSelection',
    ok: true,
    message: expect.stringContaining("Enriched 6 rows: 5 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 0 blank; not looked up: 1 not fitted (DNP). Two columns could be the part numbers, C ('Mfr PN') and B ('Part Number'); PartSpec used column C."),
  });
});
