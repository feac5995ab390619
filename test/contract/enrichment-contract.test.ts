/**
 * The enrichment contract: one table of BOM layouts, each enriched by the add-in (the workbook
 * double) and by `partspec enrich` on the same BOM as xlsx and as CSV, against the same emulator
 * over HTTP. The three must agree on the header row, the PartSpec columns, the Match, Status and
 * Risk cells, the highlights (xlsx and Excel) and the summary sentences, because both shells run
 * the core's one runEnrichment.
 */
import type { CatalogProduct } from '../../emulator';
import { useEmulatorHome } from '../cli/helpers';
import { enrichCsv, enrichInAddIn, enrichXlsx, type BomCase, type Enriched } from './shells';

// The invented catalog only: a number outside it must stay "not found" whatever the emulator decodes.
const world = useEmulatorHome({ realNumbers: false });

const partno = (p: CatalogProduct): string => p.values.Partno as string;
const baseOf = (p: CatalogProduct): string => p.values.PartnoWithoutPackageCode as string;

/** The layouts, built from the running emulator's catalog; `expected` pins what both shells must find. */
function layouts(): { bom: BomCase; expected: Partial<Enriched> & { match: string[] } }[] {
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
      expected: { headerRow: 4, columns: ['F: PartSpec: Match', 'G: PartSpec: Status', 'H: PartSpec: Risk'], match: ['Exact', 'Exact', 'Exact', 'Not found'] },
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
      expected: { headerRow: 3, columns: ['E: PartSpec: Match', 'F: PartSpec: Status', 'G: PartSpec: Risk'], match: ['Exact', 'Exact', 'Variant', 'Invalid', ''] },
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
        columns: ['E: PartSpec: Match', 'F: PartSpec: Status', 'G: PartSpec: Risk', 'H: PartSpec (MPN2): Match', 'I: PartSpec (MPN2): Status', 'J: PartSpec (MPN2): Risk'],
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
      expected: { headerRow: 1, columns: ['H: PartSpec: Match', 'I: PartSpec: Status', 'J: PartSpec: Risk', 'K: PartSpec: Suggested'], match: ['Exact', 'Other maker', '', 'Other maker', 'Other maker', 'Not found'] },
    },
  ];
}

describe.each(['title block', 'shifted data', 'several candidate columns', 'second sources', 'DNP and other makers', 'several products per row', 'suggestions'])('%s', (name) => {
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
    expect(addIn.summaries).toHaveLength(1 + (bom.alternates?.length ?? 0));
    expect(addIn.summaries.every((s) => /^\d+ rows: /.test(s))).toBe(true);
    expect(addIn.highlights.length).toBeGreaterThan(0);

    if (bom.suggest) {
      const suggested = addIn.cells['PartSpec: Suggested'];
      expect(suggested[0]).toBe('');
      for (const r of [1, 2, 3, 5]) expect(suggested[r]).toMatch(/^\S+ — \S/);
      expect(suggested[4]).toMatch(/^Not a kind of part/);
    }

    expect(xlsx).toEqual(addIn);
    expect(csv).toEqual({ ...addIn, highlights: [] });
  }, 60_000);
});
