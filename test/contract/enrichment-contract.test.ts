/**
 * The enrichment contract: one table of BOM layouts, each enriched by the add-in (the workbook
 * double) and by `partspec enrich` on the same BOM as xlsx and as CSV, against the same emulator
 * over HTTP. The three must agree on the header row, the PartSpec columns, the Match, Status,
 * Capacitance and Risk cells, the highlights (xlsx and Excel) and the summary sentences, because
 * both shells run the core's one runEnrichment. Capacitance is compared as a reader sees it: in a
 * workbook each cell's number rendered through its format (100 pF, 4.7 nF, 10 µF, by numfmt) under
 * a header naming no unit; the CSV's plain nF under `(nF)` read as the same quantity.
 */
import type { CatalogProduct } from '../../emulator';
import { useEmulatorHome } from '../cli/helpers';
import { enrichCsv, enrichInAddIn, enrichXlsx, type BomCase, type Enriched } from './shells';
import { createClient } from '../../api/client';
import { DEMO_KEY } from '../../emulator';
import { checkBomTool } from '../../mcp/tools/check-bom';
import { checksCell } from '../../core/rules/judge';
import type { BomSummary } from '../../core/report/types';

// The invented catalog only: a number outside it must stay "not found" whatever the emulator decodes.
const world = useEmulatorHome({ realNumbers: false });

const partno = (p: CatalogProduct): string => p.values.Partno as string;
const baseOf = (p: CatalogProduct): string => p.values.PartnoWithoutPackageCode as string;

/** The layouts, built from the running emulator's catalog; `expected` pins what both shells must find. */
function layouts(): { bom: BomCase; expected: Partial<Enriched> & { match: string[]; alternateMatch?: Record<string, string[]> } }[] {
  const { SMD: smd, Ind: ind } = world.emulator.catalog.byGroup;
  return [
    {
      bom: {
        // Row 1 is a title holding "Part No."; the part numbers named by column C sit under an empty header in row 4.
        name: 'title block',
        column: 'C',
        rows: [
          ['Part No.', 'PCB-0042', '', '', ''],
          ['Assembly BOM', '', '', '', ''],
          ['', '', '', '', ''],
          ['Item', 'Qty', '', 'Desc', 'Manufacturer Part Number'],
          [1, 2, partno(smd[0]), 'MLCC', partno(smd[13])],
          [2, 1, partno(smd[1]), 'MLCC', partno(smd[14])],
          [3, 1, partno(ind[0]), 'choke', partno(smd[15])],
          [4, 1, 'ZZZQ99999999', 'unknown', partno(smd[16])],
        ],
      },
      expected: { headerRow: 4, columns: ['F: PartSpec: Match', 'G: PartSpec: Status', 'H: PartSpec: Capacitance', 'I: PartSpec: Risk'], match: ['Exact', 'Exact', 'Exact', 'Not found'] },
    },
    {
      bom: {
        name: 'shifted data',
        rows: [
          ['', '', '', ''],
          ['', '', '', ''],
          ['', 'Ref', 'Mfr Part #', 'Qty'],
          ['', 'C1', partno(smd[2]), 4],
          ['', 'C2', partno(smd[3]), 1],
          ['', 'L1', baseOf(ind[1]), 1],
          ['', 'X1', 'A|B', 1],
          ['', 'X2', '', 1],
        ],
      },
      expected: { headerRow: 3, columns: ['E: PartSpec: Match', 'F: PartSpec: Status', 'G: PartSpec: Capacitance', 'H: PartSpec: Risk'], match: ['Exact', 'Exact', 'Variant', 'Invalid', ''] },
    },
    {
      bom: {
        name: 'several candidate columns',
        rows: [
          ['Ref', 'Digi-Key Part Number', 'Mfr Part #', 'Internal PN', 'Qty'],
          ['C1', '490-1234-1-ND', partno(smd[4]), 'INT-0001', 1],
          ['C2', '490-1235-1-ND', partno(smd[5]), 'INT-0002', 2],
          ['C3', '490-1236-1-ND', partno(smd[6]), 'INT-0003', 1],
        ],
      },
      expected: { headerRow: 1, match: ['Exact', 'Exact', 'Exact'] },
    },
    {
      bom: {
        name: 'second sources',
        column: 'B',
        alternates: ['C'],
        rows: [
          ['Ref', 'MPN', 'MPN2', 'Qty'],
          ['C1', partno(smd[7]), partno(ind[2]), 1],
          ['C2', partno(smd[8]), '', 1],
          ['L1', partno(ind[3]), partno(smd[9]), 1],
        ],
      },
      expected: {
        headerRow: 1,
        columns: ['E: PartSpec: Match', 'F: PartSpec: Status', 'G: PartSpec: Capacitance', 'H: PartSpec: Risk', 'I: PartSpec (MPN2): Match', 'J: PartSpec (MPN2): Status', 'K: PartSpec (MPN2): Capacitance', 'L: PartSpec (MPN2): Risk'],
        match: ['Exact', 'Exact', 'Exact'],
      },
    },
    {
      bom: {
        name: 'DNP and other makers',
        rows: [
          ['Ref', 'Manufacturer', 'MPN', 'Fitted', 'Qty'],
          ['C1', 'Murata', partno(smd[10]), '', 1],
          ['C2', 'MURATA', partno(smd[11]), 'DNP', 1],
          ['R1', 'Yageo', 'RC0402FR-0710KL', '', 1],
          ['C3', 'Murata', 'GRM-NOPE-1', '', 1],
          ['', 'Total', '', '', 4],
        ],
      },
      expected: { headerRow: 1, match: ['Exact', 'Not fitted', 'Other maker', 'Not found', ''] },
    },
    {
      bom: {
        // Row 1's title says "Part No."; the BOM's own header (row 4) names no part-number column at all.
        name: 'title block over an unnamed part column',
        column: 'C',
        rows: [
          ['Part No.', 'PCB-0042', '', '', ''],
          ['Assembly BOM', '', '', '', ''],
          ['', '', '', '', ''],
          ['Item', 'Qty', '', 'Description', 'Value'],
          [1, 2, partno(smd[18]), 'MLCC', '100nF'],
          [2, 1, partno(smd[19]), 'MLCC', '10uF'],
          [3, 1, 'ZZZQ99999998', 'unknown', ''],
        ],
      },
      expected: {
        headerRow: 4,
        columns: ['F: PartSpec: Match', 'G: PartSpec: Status', 'H: PartSpec: Capacitance', 'I: PartSpec: Risk'],
        match: ['Exact', 'Exact', 'Not found'],
        summaries: ['3 rows: 2 exact, 0 variant, 0 ambiguous, 1 not found (1 not in Murata\'s numbering), 0 invalid, 0 blank'],
      },
    },
    {
      bom: {
        // A title block whose "Part No." stands over the part numbers' column, and data rows one column right of their header.
        name: 'title block over shifted data',
        rows: [
          ['', '', '', 'Part No.', 'PCB-0077'],
          ['Assembly BOM', '', '', '', ''],
          ['', '', '', '', ''],
          ['Ref', 'Qty', 'MPN', 'Manufacturer', 'Description'],
          ['', 'C1', 1, partno(smd[20]), 'Murata', 'Capacitor'],
          ['', 'C2', 2, partno(smd[21]), 'Murata', 'Capacitor'],
          ['', 'L1', 1, partno(ind[5]), 'Murata', 'Inductor'],
          ['', 'C3', 1, 'CL10B104KB8NNNC', 'Samsung', 'Capacitor'],
          ['', 'C4', 1, 'GRM-NOPE-3', 'Murata', 'Capacitor'],
        ],
      },
      expected: {
        headerRow: 4,
        match: ['Exact', 'Exact', 'Exact', 'Other maker', 'Not found'],
        summaries: ["5 rows: 3 exact, 0 variant, 0 ambiguous, 1 not found, 0 invalid, 0 blank; not looked up: 1 other makers' part (by 'Manufacturer')"],
      },
    },
    {
      bom: {
        // Each second source beside its own maker column, as `--column B --column D --column F` names them.
        name: 'second sources with their own maker columns',
        column: 'B',
        alternates: ['D', 'F'],
        rows: [
          ['Ref', 'Part Number', 'Mfg', 'Alternate Part Number 1', 'Alternate Mfg 1', 'Alternate Part Number 2', 'Alternate Mfg 2', 'Qty'],
          ['C1', partno(smd[22]), 'Murata', 'CL05B104KO5NNNC', 'Samsung', 'C1005X7R1C104K050BC', 'TDK', 2],
          ['C2', partno(smd[23]), 'Murata', partno(smd[24]), 'Murata', '', '', 1],
          ['R1', 'RC0402FR-0710KL', 'Yageo', 'ERJ-2RKF1002X', 'Panasonic', 'CRCW040210K0FKED', 'Vishay', 1],
          ['C3', 'GRM-NOPE-4', 'Murata', 'GRM-NOPE-5', 'Murata', 'CL05A106MQ5NUNC', 'Samsung', 1],
        ],
      },
      expected: {
        headerRow: 1,
        match: ['Exact', 'Exact', 'Other maker', 'Not found'],
        alternateMatch: {
          'PartSpec (Alternate Part Number 1): Match': ['Other maker', 'Exact', 'Other maker', 'Not found'],
          'PartSpec (Alternate Part Number 2): Match': ['Other maker', '', 'Other maker', 'Other maker'],
        },
        summaries: [
          "4 rows: 2 exact, 0 variant, 0 ambiguous, 1 not found, 0 invalid, 0 blank; not looked up: 1 other makers' part (by 'Mfg')",
          "4 rows: 1 exact, 0 variant, 0 ambiguous, 1 not found, 0 invalid, 0 blank; not looked up: 2 other makers' parts (by 'Alternate Mfg 1')",
          "4 rows: 0 exact, 0 variant, 0 ambiguous, 0 not found, 0 invalid, 1 blank; not looked up: 3 other makers' parts (by 'Alternate Mfg 2')",
        ],
      },
    },
    {
      bom: {
        // The maker's beads, filters and resonators: the service answers nothing for them, and the row says why.
        name: "the maker's series outside the API",
        rows: [
          ['Ref', 'Manufacturer', 'MPN', 'Qty'],
          ['C1', 'Murata', partno(smd[25]), 1],
          ['FB1', 'Murata', 'BLM18AG601SN1D', 2],
          ['FL1', 'Murata', 'NFM18PC105R0J3D', 1],
          ['Y1', 'Murata', 'CSTNE16M0V530000R0', 1],
          ['C2', 'Murata', 'GRM-NOPE-2', 1],
        ],
      },
      expected: {
        headerRow: 1,
        match: ['Exact', 'Series not covered by the API', 'Series not covered by the API', 'Series not covered by the API', 'Not found'],
        summaries: ['5 rows: 1 exact, 0 variant, 0 ambiguous, 4 not found (3 of a series not covered by the API), 0 invalid, 0 blank'],
      },
    },
    {
      bom: {
        name: 'several products per row',
        rows: [
          ['Ref', 'Part Number', 'Qty'],
          ['L1', baseOf(ind[4]), 1],
          ['X1', 'MCS18', 1],
          ['C1', partno(smd[12]), 1],
        ],
      },
      expected: { headerRow: 1, match: ['Variant', 'Ambiguous', 'Exact'] },
    },
    {
      bom: {
        // Generic lines, other makers' rows and numbers: both shells suggest the same maker's parts.
        name: 'suggestions',
        suggest: true,
        rows: [
          ['Ref', 'Manufacturer', 'MPN', 'Value', 'Footprint', 'Description', 'Qty'],
          // A general-purpose part: a BOM of mostly automotive parts would ask for automotive suggestions.
          ['C1', 'Murata', partno(smd.find((p, i) => i > 16 && p.values['ComplianceInfo.AecQ200Support'] !== true)!), '', '', '', 1],
          ['C2', 'Samsung', 'CL05B104KO5NNNC', '', '', 'CAP CER 0.1UF 16V X7R 0402', 4],
          ['C3', '', '', '100n', 'C_0402_1005Metric', '', 2],
          ['L1', 'Bourns', 'SRN4018-100M', '10uH', '', 'power inductor', 1],
          ['R1', 'Yageo', 'RC0402FR-0710KL', '10k', 'R_0402_1005Metric', '', 1],
          ['C4', '', 'CC0402KRX7R7BB104', '', '', '', 1],
        ],
      },
      expected: { headerRow: 1, columns: ['H: PartSpec: Match', 'I: PartSpec: Status', 'J: PartSpec: Capacitance', 'K: PartSpec: Risk', 'L: PartSpec: Suggested'], match: ['Exact', 'Other maker', '', 'Other maker', 'Other maker', 'Not found'] },
    },
    {
      bom: {
        // Every kind of line the shipped rules judge, and the lines they do not.
        name: 'checks',
        checks: true,
        rows: [
          ['Ref', 'Manufacturer', 'MPN', 'Description', 'Qty', 'DNP'],
          ['C1', 'Murata', partno(smd.find((p) => p.values.Status === 'NRND')!), 'MLCC', 2, ''],
          ['C2', 'Murata', partno(smd.find((p) => p.values.Status === 'Discontinued')!), 'MLCC', 1, ''],
          ['C3', 'Murata', 'GRM-NOPE-9', 'MLCC', 1, ''],
          ['R1', 'Yageo', 'RC0402FR-0710KL', 'resistor', 1, ''],
          ['C4', '', '', '100n 0402 X7R', 2, ''],
          ['C5', 'Murata', partno(smd[26]), 'MLCC', 1, 'DNP'],
        ],
      },
      expected: { headerRow: 1, columns: ['G: PartSpec: Match', 'H: PartSpec: Status', 'I: PartSpec: Capacitance', 'J: PartSpec: Risk', 'K: PartSpec: Checks'], match: ['Exact', 'Exact', 'Not found', 'Other maker', '', 'Not fitted'] },
    },
  ];
}

const NAMES = [
  'title block',
  'shifted data',
  'several candidate columns',
  'second sources',
  'DNP and other makers',
  'title block over an unnamed part column',
  'title block over shifted data',
  'second sources with their own maker columns',
  "the maker's series outside the API",
  'several products per row',
  'suggestions',
  'checks',
];

describe.each(NAMES)('%s', (name) => {
  test('the add-in and partspec enrich (xlsx and CSV) write the same columns, cells, highlights and summaries', async () => {
    const { bom, expected } = layouts().find((l) => l.bom.name === name)!;
    const today = new Date();
    const file = name.replace(/\W+/g, '-');
    const addIn = await enrichInAddIn(world.emulator, bom, today);
    const xlsx = await enrichXlsx(world.emulator, world.home, bom, file);
    const csv = await enrichCsv(world.emulator, world.home, bom, file);

    expect(addIn.headerRow).toBe(expected.headerRow);
    if (expected.columns) expect(addIn.columns).toEqual(expected.columns);
    expect(addIn.cells['PartSpec: Match']).toEqual(expected.match);
    for (const [header, cells] of Object.entries(expected.alternateMatch ?? {})) expect([header, addIn.cells[header]]).toEqual([header, cells]);
    if (expected.summaries) expect(addIn.summaries).toEqual(expected.summaries);
    expect(addIn.summaries).toHaveLength(1 + (bom.alternates?.length ?? 0));
    expect(addIn.summaries.every((s) => /^\d+ rows: /.test(s))).toBe(true);
    expect(addIn.highlights.length).toBeGreaterThan(0);
    // Capacitances read as a datasheet writes them (a ceramic capacitor's), blank for other parts.
    const capacitances = addIn.cells['PartSpec: Capacitance'];
    expect(capacitances.every((t) => t === '' || /^\d+(?:\.\d{1,3})? (?:pF|nF|µF)$/.test(t))).toBe(true);

    if (bom.suggest) {
      const suggested = addIn.cells['PartSpec: Suggested'];
      expect(suggested[0]).toBe('');
      for (const r of [1, 2, 3, 5]) expect(suggested[r]).toMatch(/^\S+ — \S/);
      expect(suggested[4]).toMatch(/^Not a kind of part/);
    }

    if (bom.checks) {
      const checks = addIn.cells['PartSpec: Checks'];
      expect(checks[0]).toMatch(/^Warning — (?:.*; )?nrnd: Status is NRND/);
      expect(checks[1]).toMatch(/^Error — (?:.*; )?eol: EOL: /);
      expect(checks[2]).toBe('Error — not-found: Not found');
      // Another maker's part and a generic line: the rules that would judge them ship off; a not-fitted line is not judged.
      expect(checks.slice(3)).toEqual(['OK', 'OK', '']);
      // Each level's fill: the error cells light red, the warning amber, OK none.
      expect(addIn.highlights.filter((h) => h.startsWith('K'))).toEqual(['K2 #FFEB9C', 'K3 #FFC7CE', 'K4 #FFC7CE']);
    }

    expect(xlsx).toEqual(addIn);
    expect(csv).toEqual({ ...addIn, highlights: [] });

    if (bom.checks) {
      // The assistants' check_bom judges the same BOM file with the same verdicts, line for line.
      const client = createClient({ baseUrl: world.emulator.url, apiKey: DEMO_KEY, cache: false, retry: false });
      const answer = await checkBomTool.run({ path: `${file}.csv` }, { client, lang: 'en', roots: [world.home], remember: () => undefined });
      const summary = answer.structured as unknown as BomSummary;
      const cells = addIn.cells['PartSpec: Checks'];
      const byRow = new Map(summary.checks!.lines.map((l) => [l.sheetRow, checksCell(l)]));
      expect(cells.map((cell, r) => byRow.get(addIn.headerRow + 1 + r) ?? (cell === '' ? '' : 'OK'))).toEqual(cells);
      expect(summary.checks!.level).toBe('error');
    }
  }, 60_000);
});

test('the contract compares capacitances that are there: several layouts have some', async () => {
  const filled = [];
  for (const name of ['title block', 'shifted data']) {
    const { bom } = layouts().find((l) => l.bom.name === name)!;
    filled.push(...(await enrichInAddIn(world.emulator, bom, new Date())).cells['PartSpec: Capacitance'].filter((t) => t !== ''));
  }
  expect(filled.length).toBeGreaterThan(1);
});
