import { foldEmptyCells } from '../ooxml/empty-cells';
import { scanSheet } from '../ooxml/sheet-scan';
import { scanXml } from '../ooxml/xml-scan';
import { check, formatCount, type BenchmarkResult, type Row } from './report';

/*
 * B16: a sheet of 48 million empty `<c/>` (16,384 a row, A to XFD, 2,930 rows: 190 MB of XML, the
 * hostile case of a 1 MB workbook). PartSpec folds each run of bare empty cells into one before
 * the scan; the naive way hands the parser every element. Counted: the elements the parser walks
 * (the lower bound is one per row and one per run, plus the sheet's own); processor time is
 * reported, never checked.
 */

const ROWS = 2930;
const CELLS = 16_384;

function emptySheet(): string {
  let seed = 39;
  const coin = (): boolean => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) & 0x10000) !== 0;
  const row = (): string => `<row>${Array.from({ length: CELLS / 64 }, () => `${'<c/>'.repeat(63)}${coin() ? '<c />' : '<c\t/>'}`).join('')}</row>`;
  const rows: string[] = [];
  for (let i = 0; i < ROWS; i++) rows.push(row());
  return `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`;
}

/** Processor time (user + system) of `work`, in ms. */
function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

function countElements(xml: string): number {
  let elements = 0;
  scanXml(xml, { open: () => void elements++ });
  return elements;
}

export async function runEmptyCells(): Promise<BenchmarkResult> {
  const xml = emptySheet();
  const reader = { strings: [], isDate: () => false, dateOf: (n: number) => new Date(n) };
  let foldedElements = 0;
  const foldedMs = cpuMs(() => {
    scanSheet(xml, reader);
  });
  cpuMs(() => {
    foldedElements = countElements(foldEmptyCells(xml).text);
  });
  // The same scan with folding off (a comment anywhere in a sheet turns it off): the parser walks every element.
  const naiveMs = cpuMs(() => {
    scanSheet(`${xml}<!---->`, reader);
  });
  const naiveElements = xml.match(/<[A-Za-z]/g)?.length ?? 0;
  const lowerBound = 2 + ROWS * 2;
  const rows: Row[] = [
    { benchmark: 'B16', case: 'naive: the same scan, the XML parser walking every element (scanSheet, folding off)', timeMs: naiveMs, measure: `${formatCount(naiveElements)} elements walked, ${(xml.length / 1e6).toFixed(0)} MB of XML`, checks: [] },
    {
      benchmark: 'B16',
      case: 'PartSpec: runs of empty cells folded, then the sheet scanned (scanSheet)',
      timeMs: foldedMs,
      measure: `${formatCount(foldedElements)} elements walked (lower bound ${formatCount(lowerBound)}: the root, sheetData, and a row and one run in each)`,
      checks: [check('B16 elements walked / lower bound', Number((foldedElements / lowerBound).toFixed(2)), '≤ 1.0', foldedElements <= lowerBound)],
    },
  ];
  return { id: 'B16', title: 'A sheet of 48 million empty cells: folded runs vs every element', rows, details: { rows: ROWS, cellsPerRow: CELLS, xmlChars: xml.length, naiveElements, foldedElements, naiveCpuMs: naiveMs, foldedCpuMs: foldedMs } };
}

if (require.main === module) {
  runEmptyCells()
    .then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    });
}
