/**
 * Work follows what a workbook holds, not how often it repeats it: one shared string of 1 MiB under
 * 5,000 cells is cut once to what a cell holds (32,767 characters) when the strings are read, and
 * folded once for the header search, the row kinds and the marks, however many cells show it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../api';
import { MAX_CELL_TEXT } from '../../core/cells/cell-text';
import { parseFieldList } from '../../node/args';
import { buildEnrichmentColumns } from '../../core/enrich/enrich-plan';
import { runEnrichment } from '../../core/enrich/run-enrichment';
import { DEMO_KEY } from '../../emulator';
import { openBom } from '../../node/files/bom';
import { NS, xmlHead } from '../fixtures/workbooks/ooxml';
import { useEmulator } from '../support/use-emulator';
import { bomWorkbookEntries, buildZip } from './hostile-builders';

jest.setTimeout(120_000);

const emulator = useEmulator();
const CELLS = 5000;
const MiB = 1 << 20;
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'partspec-shared-text-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 1 MiB of seeded letters and punctuation (random enough to stay under the compression-ratio limit). */
function longText(): string {
  let seed = 7;
  const letters = 'abcdefghijklmnopqrstuvwxyz ,.-';
  return Array.from({ length: MiB }, () => letters[(seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) % letters.length]).join('');
}

/** A BOM whose Description of every row is the one shared string of 1 MiB. */
function workbook(partno: string): Buffer {
  const strings = ['Part Number', 'Qty', 'Description', partno, longText()];
  const sst = `${xmlHead}<sst xmlns="${NS.main}" count="${2 * CELLS + 3}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`;
  const rows = [`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>`];
  for (let r = 2; r <= CELLS + 1; r++) rows.push(`<row r="${r}"><c r="A${r}" t="s"><v>3</v></c><c r="B${r}"><v>1</v></c><c r="C${r}" t="s"><v>4</v></c></row>`);
  const sheet = `${xmlHead}<worksheet xmlns="${NS.main}" xmlns:r="${NS.r}"><sheetData>${rows.join('')}</sheetData></worksheet>`;
  const replaced: Record<string, string> = { 'xl/sharedStrings.xml': sst, 'xl/worksheets/sheet1.xml': sheet };
  return buildZip(bomWorkbookEntries({ partnos: [] }).map((e) => (replaced[e.name] === undefined ? e : { ...e, data: Buffer.from(replaced[e.name]) })));
}

test('a 1 MiB shared string under 5,000 cells is read cut to a cell and folded once for the whole run', async () => {
  const partno = String(emulator.catalog.products[0].values.Partno);
  const file = join(dir, 'one-long-string.xlsx');
  writeFileSync(file, workbook(partno));
  const bom = await openBom(file);
  const described = bom.values('BOM').slice(1).map((row) => row[2] as string);
  expect(described).toHaveLength(CELLS);
  expect(described.every((text) => text.length === MAX_CELL_TEXT)).toBe(true);

  // Every fold (and every other NFKC pass) over the long text is counted.
  const normalize = String.prototype.normalize;
  let longPasses = 0;
  const spy = jest.spyOn(String.prototype, 'normalize').mockImplementation(function (this: string, form?: string) {
    if (this.length >= MAX_CELL_TEXT) longPasses++;
    return normalize.call(this, form);
  });
  try {
    const client = createClient({ baseUrl: emulator.url, apiKey: DEMO_KEY, cache: false });
    const columns = buildEnrichmentColumns({ fields: parseFieldList(['Status'])! });
    const run = await runEnrichment(bom, client, { columns, today: new Date() });
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    expect(run.status).toBe('done');
    expect([...run.outcomes.keys()]).toEqual([partno]);
  } finally {
    spy.mockRestore();
  }
  // One text, two folds at most (with and without '#'), never one per cell.
  expect(longPasses).toBeGreaterThan(0);
  expect(longPasses).toBeLessThanOrEqual(2);
});
