/*
 * The in-place enrichment as partspec did it before it patched packages, kept only to compare
 * with in B12: the whole workbook loaded into ExcelJS, the same two columns written beside the
 * BOM from the same lookups, and the workbook saved again (to a new file, since ExcelJS drops the
 * charts and pivot tables it does not model).
 * Usage: exceljs-rewrite.ts BASE_URL IN.xlsx OUT.xlsx
 */
import ExcelJS from 'exceljs';
import { createClient } from '../../api/node';
import { MATCH_LABELS } from '../../core/enrich/enrich-plan';

async function main(): Promise<void> {
  const [baseUrl, input, out] = process.argv.slice(2);
  const started = Date.now();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(input);
  const bom = workbook.getWorksheet('BOM')!;
  const partnos: string[] = [];
  for (let row = 2; row <= bom.rowCount; row++) partnos.push(String(bom.getCell(row, 3).value ?? ''));
  const client = createClient({ baseUrl, apiKey: process.env.PARTSPEC_API_KEY ?? '', cache: false });
  const outcomes = await client.lookup([...new Set(partnos)]);
  bom.getCell(1, 5).value = 'PartSpec: Match';
  bom.getCell(1, 6).value = 'PartSpec: Status';
  partnos.forEach((partno, i) => {
    const outcome = outcomes.get(partno);
    bom.getCell(i + 2, 5).value = outcome ? MATCH_LABELS[outcome.status] : '';
    bom.getCell(i + 2, 6).value = outcome?.status === 'exact' ? String(outcome.products[0]?.values.Status ?? '') : '';
  });
  await workbook.xlsx.writeFile(out);
  process.stdout.write(`${JSON.stringify({ rows: partnos.length, ms: Date.now() - started })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
