/*
 * The category download as `partspec download` did it before streaming, kept only to compare
 * with in B8: the whole body read into memory, parsed at once, every row built, then written.
 * Usage: naive-download.ts BASE_URL OUT.csv
 */
import { createClient, normalizeProductsResponse, type ProductRecord } from '../../api/node';
import { CATEGORIES, VALUE_FIELDS } from '../../api';
import { buildImportColumns } from '../../core/cells/columns';
import { buildProductRows } from '../../core/cells/rows';
import { writeTableFile } from '../../node/files/table-file';

async function main(): Promise<void> {
  const [baseUrl, out] = process.argv.slice(2);
  const key = process.env.PARTSPEC_API_KEY ?? '';
  const category = 'ceramicCapacitorsSMD';
  const client = createClient({ baseUrl, apiKey: key, cache: false });
  const link = await client.getDownloadUrl(category, 'en');
  const response = await fetch(link.url, { headers: { 'x-api-key': key } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const body = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  const products: ProductRecord[] = normalizeProductsResponse(body).products;
  const groups = CATEGORIES[category].groups;
  const columns = buildImportColumns(VALUE_FIELDS.filter((f) => f.groups.some((g) => groups.includes(g))).map((f) => f.key));
  await writeTableFile(out, columns, buildProductRows(products, columns), { sheetName: category });
  process.stdout.write(`${products.length}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
