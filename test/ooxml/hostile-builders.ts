import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { CONTENT_TYPES, NS, REL_TYPES, rels, SharedStrings, sheetData, styles, xmlHead } from '../fixtures/workbooks/ooxml';

/*
 * Hostile and unusual workbook packages built byte by byte for the hostile-input suite: a ZIP
 * writer that can lie (sizes, CRC), store or deflate, and count past 65,535 entries, and the
 * parts of a small BOM workbook to put in it.
 */

/** One entry of a package being built; any field left out is computed honestly. */
export interface RawEntry {
  name: string;
  data?: Uint8Array;
  /** Deflated bytes given as they are (a bomb streamed elsewhere). */
  compressed?: Uint8Array;
  /** The inflated size the headers claim. */
  size?: number;
  /** The CRC-32 the headers claim. */
  crc?: number;
  /** 0 stored, 8 deflated. @default 8 */
  method?: 0 | 8;
  /** Listed in the directory at the bytes of this earlier entry, with none of its own (overlapping entries). */
  sameAs?: string;
}

const u16 = (n: number): Buffer => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const u64 = (n: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};

/** The fields a local header and its directory record share, from version needed to extra length, written at `at`. */
function writeCommon(b: Buffer, at: number, method: number, crc: number, compressed: number, size: number, nameLength: number): void {
  b.writeUInt16LE(20, at);
  b.writeUInt16LE(0x0800, at + 2);
  b.writeUInt16LE(method, at + 4);
  b.writeUInt16LE(0, at + 6);
  b.writeUInt16LE(0x5c21, at + 8);
  b.writeUInt32LE(crc >>> 0, at + 10);
  b.writeUInt32LE(compressed >>> 0, at + 14);
  b.writeUInt32LE(size >>> 0, at + 18);
  b.writeUInt16LE(nameLength, at + 22);
  b.writeUInt16LE(0, at + 24);
}

/**
 * A ZIP archive of the entries, in order; past 65,535 entries its directory end is ZIP64. Each
 * header is one buffer written field by field: packages of 100,000 entries are built here.
 */
export function buildZip(entries: readonly RawEntry[]): Buffer {
  const locals: Uint8Array[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const offsets = new Map<string, number>();
  for (const e of entries) {
    const data = e.data ?? new Uint8Array(0);
    const method = e.method ?? 8;
    const compressed = e.compressed ?? (method === 8 ? deflateRawSync(data) : data);
    const name = Buffer.from(e.name, 'utf8');
    const crc = e.crc ?? crc32(data);
    const size = e.size ?? data.length;
    const at = e.sameAs === undefined ? offset : (offsets.get(e.sameAs) as number);
    // Central directory record: signature, version made by, the shared fields, comment length, disk, internal and external attributes, local header offset, name.
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeCommon(central, 6, method, crc, compressed.length, size, name.length);
    central.writeUInt32LE(at >>> 0, 42);
    name.copy(central, 46);
    centrals.push(central);
    if (e.sameAs !== undefined) continue;
    // Local header: signature, the shared fields, name; then the data.
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    writeCommon(local, 4, method, crc, compressed.length, size, name.length);
    name.copy(local, 30);
    offsets.set(e.name, offset);
    locals.push(local, compressed);
    offset += local.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const count = entries.length;
  const tail: Buffer[] = [];
  if (count > 0xffff) {
    const end64 = offset + directory.length;
    tail.push(Buffer.concat([u32(0x06064b50), u64(44), u16(45), u16(45), u32(0), u32(0), u64(count), u64(count), u64(directory.length), u64(offset)]));
    tail.push(Buffer.concat([u32(0x07064b50), u32(0), u64(end64), u32(1)]));
  }
  tail.push(Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(Math.min(count, 0xffff)), u16(Math.min(count, 0xffff)), u32(directory.length), u32(offset), u16(0)]));
  return Buffer.concat([...locals, directory, ...tail]);
}

/** `piece` repeated until `total` bytes, deflated as a stream (the inflated text never held whole). */
export async function deflateRepeated(piece: string, total: number): Promise<{ compressed: Buffer; size: number; crc: number }> {
  const chunk = Buffer.from(piece.repeat(Math.ceil((1 << 20) / piece.length)));
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise((resolve) => deflate.once('end', resolve));
  let size = 0;
  let crc = 0;
  while (size < total) {
    const part = chunk.subarray(0, Math.min(chunk.length, total - size));
    size += part.length;
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { compressed: Buffer.concat(out), size, crc };
}

const text = (s: string): Uint8Array => Buffer.from(s, 'utf8');

/** What a BOM workbook is built with; each part can be replaced, and entries added. */
export interface BomWorkbookOptions {
  partnos: readonly string[];
  /** Markup after `</sheetData>` in the sheet (an extLst, a drawing reference). */
  sheetTail?: string;
  /** Relationships of the sheet. */
  sheetRels?: [string, string, string][];
  /** The shared-strings relationship's target (relative to xl/). @default 'sharedStrings.xml' */
  stringsTarget?: string;
  /** Text cells written inline, with no shared strings part or relationship. */
  inlineStrings?: boolean;
  /** Entries replaced or added, by name (order: the workbook's parts first). */
  entries?: RawEntry[];
}

/** The entries of a one-sheet BOM workbook ("Part Number", "Qty") as Excel lays them out. */
export function bomWorkbookEntries(o: BomWorkbookOptions): RawEntry[] {
  const strings = new SharedStrings();
  const rows: (string | number)[][] = [['Part Number', 'Qty'], ...o.partnos.map((p, i) => [p, i + 1])];
  let data = sheetData(rows, strings);
  if (o.inlineStrings) data = data.replace(/<c r="([A-Z]+\d+)" t="s"><v>(\d+)<\/v><\/c>/g, (_, ref: string, i: string) => `<c r="${ref}" t="inlineStr"><is><t>${rows.flat().filter((v) => typeof v === 'string')[Number(i)]}</t></is></c>`);
  const sheet = `${xmlHead}<worksheet xmlns="${NS.main}" xmlns:r="${NS.r}">${data}${o.sheetTail ?? ''}</worksheet>`;
  const bookRels: [string, string, string][] = [['rId1', REL_TYPES.worksheet, 'worksheets/sheet1.xml'], ['rId2', REL_TYPES.styles, 'styles.xml']];
  if (!o.inlineStrings) bookRels.push(['rId3', REL_TYPES.sharedStrings, o.stringsTarget ?? 'sharedStrings.xml']);
  const overrides: [string, string][] = [['xl/workbook.xml', CONTENT_TYPES.workbook], ['xl/worksheets/sheet1.xml', CONTENT_TYPES.worksheet], ['xl/styles.xml', CONTENT_TYPES.styles]];
  if (!o.inlineStrings) overrides.push(['xl/sharedStrings.xml', CONTENT_TYPES.sharedStrings]);
  const types = `${xmlHead}<Types xmlns="${NS.ct}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/><Default Extension="png" ContentType="image/png"/>${overrides.map(([p, t]) => `<Override PartName="/${p}" ContentType="${t}"/>`).join('')}</Types>`;
  const base: RawEntry[] = [
    { name: '[Content_Types].xml', data: text(types) },
    { name: '_rels/.rels', data: text(rels([['rId1', REL_TYPES.officeDocument, 'xl/workbook.xml']])) },
    { name: 'xl/workbook.xml', data: text(`${xmlHead}<workbook xmlns="${NS.main}" xmlns:r="${NS.r}"><sheets><sheet name="BOM" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: text(rels(bookRels)) },
    { name: 'xl/styles.xml', data: text(styles()) },
    ...(o.inlineStrings ? [] : [{ name: 'xl/sharedStrings.xml', data: text(strings.xml()) }]),
    { name: 'xl/worksheets/sheet1.xml', data: text(sheet) },
    ...(o.sheetRels?.length ? [{ name: 'xl/worksheets/_rels/sheet1.xml.rels', data: text(rels(o.sheetRels)) }] : []),
  ];
  const replaced = new Map((o.entries ?? []).map((e) => [e.name, e]));
  const baseNames = new Set(base.map((e) => e.name));
  return [...base.map((e) => replaced.get(e.name) ?? e), ...(o.entries ?? []).filter((e) => !baseNames.has(e.name))];
}

/** A one-sheet BOM workbook as bytes. */
export function bomWorkbook(o: BomWorkbookOptions): Buffer {
  return buildZip(bomWorkbookEntries(o));
}

/** Pieces of text deflated as one stream, one piece at a time (the whole text never held). */
export async function deflatePieces(pieces: Iterable<string>): Promise<{ compressed: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise((resolve) => deflate.once('end', resolve));
  let size = 0;
  let crc = 0;
  for (const piece of pieces) {
    const part = Buffer.from(piece, 'utf8');
    size += part.length;
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { compressed: Buffer.concat(out), size, crc };
}
