import { JSONParser } from '@streamparser/json';
import { DownloadFormatError } from '../errors/download-format-error';
import type { ProductRecord } from '../product';
import { GROUP_OBJECT_NAMES, type Group } from '../vocabulary';
import { normalizeProductsResponse } from '../normalize';
import { MAX_JSON_DEPTH } from '../json-bounds';

/*
 * A category file in the /v2/products shape (or a bare list of products of one group), read as it
 * streams. A light scanner cuts each product's text out of the stream (it tracks only strings and
 * brackets, and the keys on the way down to `Data.<group>.Products`) and hands it to JSON.parse;
 * everything around the products, with each product replaced by `0`, goes to @streamparser/json,
 * which checks the file's shape and catches the grouping fields the service may put on the group
 * object (Manufacturer, Lv1Category…) and HasMoreHits. Products are normalized in small batches
 * by the same code that reads search answers. For the SMD category (115 MB, 45,338 products)
 * @streamparser/json on every character took 2.6 s and most of the download's garbage; JSON.parse
 * per product, the scan included, takes under 1 s.
 */

const GROUP_LEVEL = ['Manufacturer', 'Lv1Category', 'Lv2Category', 'Lv3Category'];

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COLON = 58;
const COMMA = 44;

/** JSON nested deeper than MAX_JSON_DEPTH: the scan stops at the first bracket past it. */
class JsonTooDeep extends Error {}

/** Where the scanner is above the products: one frame per open object or array. */
interface Frame {
  array: boolean;
  /** The last key read in an object (the key of the value being read). */
  key?: string;
  /** In an object, whether the next string is a key. */
  expectKey: boolean;
}

/**
 * Splits JSON text into product texts and the text around them. `onOuter` gets the text around
 * the products, each product replaced by `0`, always before the products that follow it (so the
 * group's fields are known when its products are read); `onProduct` gets each product's text and
 * the name of its group object.
 */
class ProductScanner {
  private readonly frames: Frame[] = [];
  private inString = false;
  private escaped = false;
  /** Start of the key string being read in the current chunk, or -1. */
  private keyStart = -1;
  private keyParts: string[] = [];
  /** Depth inside the product being cut out (0: outside any product). */
  private depth = 0;
  private productParts: string[] = [];

  constructor(
    private readonly bare: boolean,
    private readonly onOuter: (text: string) => void,
    private readonly onProduct: (text: string, objectName: string) => void,
  ) {}

  /** True when the frames are `Data.<group>.Products` (or the bare list) and the next `{` starts a product. */
  private atProducts(): boolean {
    const f = this.frames;
    if (this.bare) return f.length === 1 && f[0].array;
    return f.length === 4 && f[3].array && f[2].key === 'Products' && f[0].key === 'Data';
  }

  scan(chunk: string): void {
    let outerStart = 0;
    let productStart = this.depth > 0 ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.keyStart >= 0 || this.keyParts.length > 0) this.endKey(chunk, i);
        }
        continue;
      }
      if (c === QUOTE) {
        this.inString = true;
        const top = this.frames[this.frames.length - 1];
        if (this.depth === 0 && top && !top.array && top.expectKey) this.keyStart = i;
        continue;
      }
      if (this.depth > 0) {
        if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
          this.depth++;
          if (this.frames.length + this.depth > MAX_JSON_DEPTH) throw new JsonTooDeep();
        }
        else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
          this.depth--;
          if (this.depth === 0) {
            this.productParts.push(chunk.slice(productStart, i + 1));
            this.emitProduct();
            productStart = -1;
            outerStart = i + 1;
          }
        }
        continue;
      }
      if (c === OPEN_OBJECT && this.atProducts()) {
        this.onOuter(`${chunk.slice(outerStart, i)}0`);
        this.depth = 1;
        productStart = i;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (this.frames.length >= MAX_JSON_DEPTH) throw new JsonTooDeep();
        this.frames.push({ array: c === OPEN_ARRAY, expectKey: c === OPEN_OBJECT });
      }
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) this.frames.pop();
      else if (c === COMMA) {
        const top = this.frames[this.frames.length - 1];
        if (top && !top.array) top.expectKey = true;
      } else if (c === COLON) {
        const top = this.frames[this.frames.length - 1];
        if (top) top.expectKey = false;
      }
    }
    if (this.depth > 0) this.productParts.push(chunk.slice(productStart));
    else if (outerStart < chunk.length) this.onOuter(chunk.slice(outerStart));
    if (this.keyStart >= 0) {
      this.keyParts.push(chunk.slice(this.keyStart));
      this.keyStart = 0;
    }
  }

  private endKey(chunk: string, end: number): void {
    this.keyParts.push(chunk.slice(Math.max(0, this.keyStart), end + 1));
    const text = this.keyParts.join('');
    this.keyParts = [];
    this.keyStart = -1;
    const top = this.frames[this.frames.length - 1];
    try {
      top.key = JSON.parse(text) as string;
    } catch {
      top.key = undefined;
    }
  }

  private emitProduct(): void {
    const text = this.productParts.length === 1 ? this.productParts[0] : this.productParts.join('');
    this.productParts = [];
    this.onProduct(text, this.bare ? '' : (this.frames[1]?.key ?? ''));
  }
}

/** Products of JSON text arriving in chunks, in batches of about `batchSize`. */
export async function* jsonProducts(text: AsyncIterable<string>, bareListGroup: Group | undefined, sample: string, batchSize: number): AsyncGenerator<ProductRecord[]> {
  let bare: boolean | undefined;
  let parser: JSONParser | undefined;
  let scanner: ProductScanner | undefined;
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
  const take = (productText: string, name: string): void => {
    let value: unknown;
    try {
      value = JSON.parse(productText);
    } catch (error) {
      failure ??= error;
      return;
    }
    const objectName = bare ? GROUP_OBJECT_NAMES[bareListGroup!] : name;
    shaped = true;
    if (batch && batch.objectName !== objectName) flush();
    batch ??= { objectName, raw: [] };
    batch.raw.push(value);
    if (batch.raw.length >= batchSize) flush();
  };
  const write = (outer: string): void => {
    try {
      parser!.write(outer);
    } catch (error) {
      failure ??= error;
    }
  };
  const start = (first: string): JSONParser => {
    bare = first === '[';
    if (bare && !bareListGroup) throw new DownloadFormatError('it is a bare JSON list and no single-group category was given', sample);
    scanner = new ProductScanner(bare, write, take);
    // The products' placeholders are selected too, so the parser drops them instead of keeping a list of them.
    const paths = bare ? ['$.*'] : ['$.HasMoreHits', '$.Data.*.Products.*', ...GROUP_LEVEL.map((f) => `$.Data.*.${f}`)];
    const p = new JSONParser({ paths, keepStack: false });
    p.onValue = ({ value, key, stack }) => {
      if (bare || stack.length === 4) return;
      if (stack.length === 1) {
        shaped = true;
        return;
      }
      const objectName = String(stack[2]?.key ?? '');
      groupFields.set(objectName, { ...(groupFields.get(objectName) ?? {}), [String(key)]: value });
    };
    p.onError = (error) => {
      failure ??= error;
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
      scanner!.scan(chunk);
    } catch (error) {
      if (error instanceof JsonTooDeep) throw new DownloadFormatError(`it nests JSON deeper than ${MAX_JSON_DEPTH} levels`, sample);
      throw error;
    }
    if (failure) throw new DownloadFormatError('it starts like JSON but is not valid JSON', sample, { cause: failure });
    while (ready.length > 0) yield ready.shift()!;
  }
  if (!ended) throw new DownloadFormatError('it starts like JSON but ends before the JSON is complete (cut off?)', sample);
  flush();
  while (ready.length > 0) yield ready.shift()!;
  if (!bare && !shaped) throw new DownloadFormatError('it is JSON without Data or a product group', sample);
}
