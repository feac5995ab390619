import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/*
 * The records of a ZIP archive as the package reader and writer meet them: the end of the central
 * directory (with its ZIP64 form, which an archive of more than 65,535 entries needs), the ZIP64
 * extra field of a central record, and a new entry's local header and central record.
 */

export const LOCAL = 0x04034b50;
export const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
const U16 = 0xffff;
const U32 = 0xffffffff;

/** Where the central directory is and how many records it holds. */
export interface DirectoryEnd {
  count: number;
  offset: number;
  size: number;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A 64-bit little-endian field as a number (archives past 2^53 bytes are not real files). */
function readUint64(view: DataView, at: number): number {
  return view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
}

/**
 * The directory end of an archive from its last bytes (`tail`, which starts at `tailStart` in the
 * file): the ZIP64 record when a locator precedes the classic one. Throws an Error when there is none.
 */
export function readDirectoryEnd(tail: Uint8Array, tailStart: number, read: (offset: number, length: number) => Uint8Array): DirectoryEnd {
  const view = viewOf(tail);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('it has no zip directory');
  const classic = { count: view.getUint16(end + 10, true), size: view.getUint32(end + 12, true), offset: view.getUint32(end + 16, true) };
  const locatorAt = end - 20;
  if (locatorAt < 0 || view.getUint32(locatorAt, true) !== LOCATOR64) {
    if (classic.offset === U32) throw new Error('its ZIP64 directory end is missing');
    return classic;
  }
  const recordOffset = readUint64(view, locatorAt + 8);
  const record = read(recordOffset, 56);
  const r = viewOf(record);
  if (record.length < 56 || r.getUint32(0, true) !== END64) throw new Error('its ZIP64 directory end is damaged');
  if (recordOffset >= tailStart + end) throw new Error('its ZIP64 directory end is damaged');
  return { count: readUint64(r, 32), size: readUint64(r, 40), offset: readUint64(r, 48) };
}

/** Sizes and offset of a central record, taken from its ZIP64 extra field where the record holds 0xFFFFFFFF. */
export function readZip64Fields(record: Uint8Array, fields: { compressedSize: number; size: number; localOffset: number }): void {
  const view = viewOf(record);
  const nameLength = view.getUint16(28, true);
  const extraLength = view.getUint16(30, true);
  let at = 46 + nameLength;
  const stop = at + extraLength;
  while (at + 4 <= stop) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const take = (): number => {
        if (field + 8 > at + 4 + length) throw new Error('its zip directory is damaged');
        const value = readUint64(view, field);
        field += 8;
        return value;
      };
      if (fields.size === U32) fields.size = take();
      if (fields.compressedSize === U32) fields.compressedSize = take();
      if (fields.localOffset === U32) fields.localOffset = take();
      return;
    }
    at += 4 + length;
  }
  if (fields.size === U32 || fields.compressedSize === U32 || fields.localOffset === U32) throw new Error('its zip directory is damaged');
}

/**
 * The bytes after the central directory: the classic end record, preceded by the ZIP64 record and
 * its locator when the entries are more than the classic record can count.
 */
export function encodeDirectoryEnd(count: number, centralStart: number, centralSize: number): Uint8Array {
  if (centralStart + centralSize > U32) throw new Error('the workbook would pass 4 GB, more than a package partspec writes can hold');
  const zip64 = count >= U16;
  const out = new Uint8Array((zip64 ? 76 : 0) + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  if (zip64) {
    view.setUint32(0, END64, true);
    view.setBigUint64(4, 44n, true);
    view.setUint16(12, 45, true);
    view.setUint16(14, 45, true);
    view.setBigUint64(24, BigInt(count), true);
    view.setBigUint64(32, BigInt(count), true);
    view.setBigUint64(40, BigInt(centralSize), true);
    view.setBigUint64(48, BigInt(centralStart), true);
    view.setUint32(56, LOCATOR64, true);
    view.setBigUint64(64, BigInt(centralStart + centralSize), true);
    view.setUint32(72, 1, true);
    at = 76;
  }
  view.setUint32(at, END, true);
  view.setUint16(at + 8, Math.min(count, U16), true);
  view.setUint16(at + 10, Math.min(count, U16), true);
  view.setUint32(at + 12, centralSize, true);
  view.setUint32(at + 16, centralStart, true);
  return out;
}

/** DOS time and date of now, as ZIP headers store them. */
function dosNow(): [time: number, date: number] {
  const d = new Date();
  return [(d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1), ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate()];
}

/** A deflated entry: local header with its data, and its central record (keeping the old entry's times and attributes when it replaces one). */
export function encodeEntry(name: string, data: Uint8Array, offset: number, previous?: Uint8Array): { local: Uint8Array; central: Uint8Array } {
  if (offset > U32) throw new Error('the workbook would pass 4 GB, more than a package partspec writes can hold');
  const nameBytes = new TextEncoder().encode(name);
  const compressed = deflateRawSync(data);
  const crc = crc32(data);
  const old = previous ? viewOf(previous) : undefined;
  const [time, date] = old ? [old.getUint16(12, true), old.getUint16(14, true)] : dosNow();
  // Bit 11: the name is UTF-8.
  const flags = 0x0800;
  const local = new Uint8Array(30 + nameBytes.length + compressed.length);
  const l = new DataView(local.buffer);
  l.setUint32(0, LOCAL, true);
  l.setUint16(4, 20, true);
  l.setUint16(6, flags, true);
  l.setUint16(8, 8, true);
  l.setUint16(10, time, true);
  l.setUint16(12, date, true);
  l.setUint32(14, crc, true);
  l.setUint32(18, compressed.length, true);
  l.setUint32(22, data.length, true);
  l.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  local.set(compressed, 30 + nameBytes.length);
  const central = new Uint8Array(46 + nameBytes.length);
  const c = new DataView(central.buffer);
  c.setUint32(0, CENTRAL, true);
  c.setUint16(4, old ? old.getUint16(4, true) : 20, true);
  c.setUint16(6, 20, true);
  c.setUint16(8, flags, true);
  c.setUint16(10, 8, true);
  c.setUint16(12, time, true);
  c.setUint16(14, date, true);
  c.setUint32(16, crc, true);
  c.setUint32(20, compressed.length, true);
  c.setUint32(24, data.length, true);
  c.setUint16(28, nameBytes.length, true);
  c.setUint32(38, old ? old.getUint32(38, true) : 0, true);
  c.setUint32(42, offset, true);
  central.set(nameBytes, 46);
  return { local, central };
}

/**
 * Inflates a part's bytes, never past the size its directory gives (checked against the limits
 * before): a part that lies about its size stops there instead of running on.
 */
export function inflateBounded(data: Uint8Array, size: number, name: string): Uint8Array {
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new Error(`its entry ${name} is damaged (it inflates past the ${size} bytes its directory gives)`);
    throw new Error(`its entry ${name} is damaged (${(error as Error).message})`);
  }
}
