/**
 * Sample sheets for trying every flow: a messy 50-row BOM and a sheet of PART formulas. The part
 * numbers come from the emulator's default catalog (seed 1); test/workbench/samples.test.ts checks
 * that each group still is what its name says.
 */
import type { ExcelDouble } from './excel-double';
import { uniqueSheetName } from '../../core/names';

/** Parts of the default catalog, as a buyer would paste them (exact matches). */
export const SAMPLE_CATALOG_PARTS = [
  'MCA155C0J112JA1D', 'MCA155C1E9R1CA1D', 'MCA15C71A154KA1D', 'MCA15D71E152KA1J', 'MCA15L81C392KA1J',
  'MCA15L92A154KA1D', 'MCA185C0J473GA1J', 'MCA185C1H560JA1J', 'MCA18C71A104MA2J', 'MCA18D71E104MA1J',
  'MCA155C1C272JA1B', 'MCA18R72A103KA1J', 'MCA155C0J121GA2B', 'MCA18D71C475KA1J', 'MCA155C0J620JA1D',
  'MLA255C1H100JA1A', 'MLA255C2J471JB2T', 'MLA25R72A220KA1A', 'MLF15FBT012NKA1B', 'MLF15FST01R5MA1D',
  'MLF18FBT0R82KB1D', 'MLF18FST05R6KB2J', 'MLF15FBT010NMB1B',
] as const;

/** Catalog parts typed sloppily: lower case and padded with spaces. */
export const SAMPLE_SLOPPY_PARTS = [' mca18c71a104ma2j ', 'mlf18fst05r6kb2j'] as const;

/** Part numbers without their package code (the last letter): several packages match each. */
export const SAMPLE_BASE_PARTS = ['MCA155C0J112JA1', 'MCA15R71A682KA1', 'MCA18L91C683MA1', 'MCA21D71A683KA1'] as const;

/** Well-formed part numbers the catalog does not have. */
export const SAMPLE_UNKNOWN_PARTS = ['MCA18R71H999KA1J', 'MLF99FST01R5MA1D', 'MCS18R71H104KA1D', 'MXX21R71E105KA1D', 'MCA155C0J112JA1X'] as const;

/** Catalog parts whose data holds formula injections, HTML, right-to-left text and very long text. */
export const SAMPLE_HOSTILE_CATALOG_PARTS = ['MCS18R71H104KZ9D', 'MLG15HNT010NJZ9D', 'MWF32PFT0100MZ9K'] as const;

/** Cell contents that must stay text and never reach a filter or a formula unescaped. */
export const SAMPLE_HOSTILE_ENTRIES = [
  '=HYPERLINK("http://evil.example","x")',
  '=1+1',
  '+SUM(A1)',
  '-2+3',
  '@cmd',
  '<script>alert(1)</script>',
  "MCA155C0J112JA1D' or Partno ne '",
  `X${'Y'.repeat(299)}`,
  '部品番号',
  'Partno eq *',
] as const;

const SAMPLE_BOM_SHEET = 'BOM';
const SAMPLE_FORMULA_SHEET = 'Formulas';
/** Data rows of the sample BOM (row 1 is the header). */
export const SAMPLE_BOM_ROWS = 50;
/** Rows of the sample BOM whose part-number cell is empty (1-based sheet rows). */
export const SAMPLE_BOM_BLANK_ROWS = [12, 29, 45] as const;

/** The part-number column of the BOM, in sheet order (blanks included). */
export function sampleBomPartNumbers(): string[] {
  const entries: string[] = [
    ...SAMPLE_CATALOG_PARTS,
    ...SAMPLE_SLOPPY_PARTS,
    ...SAMPLE_BASE_PARTS,
    ...SAMPLE_UNKNOWN_PARTS,
    ...SAMPLE_HOSTILE_CATALOG_PARTS,
    ...SAMPLE_HOSTILE_ENTRIES,
  ];
  // Mixed rather than grouped, as a real BOM would be; the order is fixed so tests can rely on it.
  const mixed: string[] = [];
  for (let i = 0; mixed.length < entries.length; i++) mixed.push(entries[(i * 17) % entries.length]);
  for (const row of SAMPLE_BOM_BLANK_ROWS) mixed.splice(row - 2, 0, '');
  return mixed;
}

/**
 * Adds the BOM sheet (Ref, Qty, Part number, Description) and makes it active. The part-number
 * column is text-formatted, as a BOM exported from a PLM usually is, so `=1+1` stays text.
 */
export function loadSampleBom(double: ExcelDouble): string {
  const name = uniqueSheetName(SAMPLE_BOM_SHEET, double.sheetNames());
  double.addSheet(name);
  const model = double.model;
  const sheet = model.sheet(name);
  const parts = sampleBomPartNumbers();
  for (let r = 0; r <= parts.length; r++) model.setFormat(sheet, r, 2, '@');
  const rows: unknown[][] = [['Ref', 'Qty', 'Part number', 'Description']];
  parts.forEach((part, i) => rows.push([`C${i + 1}`, 1 + (i % 4), part, part ? `Line ${i + 1}` : 'DNP']));
  [40, 30, 150, 70].forEach((points, column) => sheet.columnWidths.set(column, points));
  double.setCells(name, 'A1', rows);
  double.select(name, 'A1');
  return name;
}

/** Adds the formula sheet: one-cell PART.SPEC and PART.RISK formulas and a spilled PART.SPEC grid. */
export function loadSampleFormulas(double: ExcelDouble): string {
  const name = uniqueSheetName(SAMPLE_FORMULA_SHEET, double.sheetNames());
  double.addSheet(name);
  const parts = SAMPLE_CATALOG_PARTS.slice(0, 5);
  const rows: unknown[][] = [['Part number', 'Capacitance (nF)', 'Risk', '', 'Capacitance', 'RatedVoltage', 'Status']];
  parts.forEach((part, i) => {
    const r = i + 2;
    rows.push([part, `=PART.SPEC(A${r},"Capacitance","nF")`, `=PART.RISK(A${r})`, '', i === 0 ? '=PART.SPEC(A2:A6,E1:G1)' : '', '', '']);
  });
  rows.push([SAMPLE_UNKNOWN_PARTS[0], '=PART.SPEC(A7,"Capacitance","nF")', '=PART.RISK(A7)', '', '', '', '']);
  const sheet = double.model.sheet(name);
  [130, 100, 50, 20, 90, 90, 100].forEach((points, column) => sheet.columnWidths.set(column, points));
  double.setCells(name, 'A1', rows);
  double.select(name, 'E2');
  return name;
}
