/*
 * The whole-category search as `partspec search` did it before streaming, kept only to compare
 * with in B8: every page harvested into one array, every row built, then the workbook written.
 * Usage: naive-search.ts BASE_URL OUT.xlsx
 */
import { createClient } from '../../api/node';
import { defaultSearchFields } from '../../api/vocabulary/key-fields';
import { buildImportColumns } from '../../core/cells/columns';
import { buildProductRows } from '../../core/cells/rows';
import { writeTableFile } from '../../node/files/table-file';

async function main(): Promise<void> {
  const [baseUrl, out] = process.argv.slice(2);
  const category = 'ceramicCapacitorsSMD';
  const client = createClient({ baseUrl, apiKey: process.env.PARTSPEC_API_KEY ?? '', cache: false });
  const { products } = await client.harvest({ category });
  const columns = buildImportColumns(defaultSearchFields(category).map((f) => f.key));
  await writeTableFile(out, columns, buildProductRows(products, columns), { sheetName: category });
  process.stdout.write(`${JSON.stringify({ products: products.length })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
