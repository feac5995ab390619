import { JSONParser } from '@streamparser/json';
import { DownloadFormatError } from '../errors/download-format-error';
import type { ProductRecord } from '../product';
import { GROUP_OBJECT_NAMES, type Group } from '../vocabulary';
import { normalizeProductsResponse } from '../client/normalize';

/*
 * A category file in the /v2/products shape (or a bare list of products of one group), parsed
 * with @streamparser/json: each product is emitted and dropped as soon as it is complete
 * (keepStack false), normalized in small batches by the same code that reads search answers.
 * Grouping fields the service may put on the group object (Manufacturer, Lv1Category…) are
 * caught on their own paths and applied to that group's products.
 */

const GROUP_LEVEL = ['Manufacturer', 'Lv1Category', 'Lv2Category', 'Lv3Category'];

/** Products of JSON text arriving in chunks, in batches of about `batchSize`. */
export async function* jsonProducts(text: AsyncIterable<string>, bareListGroup: Group | undefined, sample: string, batchSize: number): AsyncGenerator<ProductRecord[]> {
  let bare: boolean | undefined;
  let parser: JSONParser | undefined;
  let failure: unknown;
  let ended = false;
  let shaped = false;
  const groupFields = new Map<string, Record<string, unknown>>();
  let batch: { objectName: string; raw: unknown[] } | undefined;
  const ready: ProductRecord[][] = [];
  const flush = (): void => {
    if (!batch || batch.raw.length === 0) return;
    const body = { Data: { [batch.objectName]: { ...(groupFields.get(batch.objectName) ?? {}), Products: batch.raw } } };
    ready.push(normalizeProductsResponse(body).products);
    batch = undefined;
  };
  const start = (first: string): JSONParser => {
    bare = first === '[';
    if (bare && !bareListGroup) throw new DownloadFormatError('it is a bare JSON list and no single-group category was given', sample);
    const paths = bare ? ['$.*'] : ['$.Data.*.Products.*', '$.HasMoreHits', ...GROUP_LEVEL.map((f) => `$.Data.*.${f}`)];
    const p = new JSONParser({ paths, keepStack: false });
    p.onValue = ({ value, key, stack }) => {
      if (!bare && stack.length === 1) {
        shaped = true;
        return;
      }
      const objectName = bare ? GROUP_OBJECT_NAMES[bareListGroup!] : String(stack[2]?.key ?? '');
      if (!bare && stack.length === 3) {
        groupFields.set(objectName, { ...(groupFields.get(objectName) ?? {}), [String(key)]: value });
        return;
      }
      shaped = true;
      if (batch && batch.objectName !== objectName) flush();
      batch ??= { objectName, raw: [] };
      batch.raw.push(value);
      if (batch.raw.length >= batchSize) flush();
    };
    p.onError = (error) => {
      failure = error;
    };
    p.onEnd = () => {
      ended = true;
    };
    return p;
  };
  for await (const chunk of text) {
    if (!parser) {
      const first = chunk.trimStart()[0];
      if (first === undefined) continue;
      parser = start(first);
    }
    if (ended) {
      if (chunk.trim() !== '') throw new DownloadFormatError('it has more after the end of its JSON', sample);
      continue;
    }
    try {
      parser.write(chunk);
    } catch (error) {
      failure ??= error;
    }
    if (failure) throw new DownloadFormatError('it starts like JSON but is not valid JSON', sample, { cause: failure });
    while (ready.length > 0) yield ready.shift()!;
  }
  if (!ended) throw new DownloadFormatError('it starts like JSON but ends before the JSON is complete (cut off?)', sample);
  flush();
  while (ready.length > 0) yield ready.shift()!;
  if (!bare && !shaped) throw new DownloadFormatError('it is JSON without Data or a product group', sample);
}
