import { normalizeProductsResponse } from '../api/normalize';
import { catalogFor, renderProduct } from '../emulator';
const cat = catalogFor(1);
const smd = cat.byGroup.SMD;
const rendered = smd.map((p) => renderProduct(p, { lang: 'en', baseUrl: 'http://x' } as never));
const body = JSON.parse(JSON.stringify({ Data: { CeramicCapacitorsSMD: { Products: rendered } }, HasMoreHits: false }));
console.log('products', smd.length, 'fields', Object.keys(rendered[0]).length);
for (let i = 0; i < 6; i++) {
  const t = process.hrtime.bigint();
  const r = normalizeProductsResponse(body);
  console.log(r.products.length, Number(process.hrtime.bigint() - t) / 1e6, 'ms');
}
