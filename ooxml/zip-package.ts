import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/*
 * A ZIP package read from its central directory and written back with every entry that was not
 * replaced copied as it was stored: the same local header, compressed bytes and central record,
 * only its offset moved. Entries keep their order; new entries go at the end. ZIP64 archives
 * (over 4 GB or 65,535 entries) are not read: no workbook a BOM lives in comes near that.
 * The archive is read where it lies (a file read at offsets), so memory holds the parts read and
 * written, never the whole workbook: kept entries go from the old file to the new one in pieces.
 */

/** Bytes that can be read at any offset: a file, or bytes in memory. */
export interface RandomAccess {
  readonly size: number;
  read(offset: number, length: number): Uint8Array;
  close(): void;
}

/** Bytes in memory as a RandomAccess. */
export function bytesSource(bytes: Uint8Array): RandomAccess {
  return { size: bytes.length, read: (offset, length) => bytes.subarray(offset, offset + length), close: () => undefined };
}

/** An open file as a RandomAccess (synchronous reads at offsets); throws the system's error when it cannot be opened. */
export function fileSource(file: string): RandomAccess {
  const fd = openSync(file, 'r');
  const size = fstatSync(fd).size;
  let open = true;
  return {
    size,
    read(offset, length) {
      const out = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      let done = 0;
      while (done < out.length) {
        const n = readSync(fd, out, done, out.length - done, offset + done);
        if (n === 0) break;
        done += n;
      }
      return out.subarray(0, done);
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/** Kept entries are copied in pieces of this size. */
const PIECE = 1 << 20;



/** One entry as the central directory lists it. */
interface ZipEntry {
  name: string;
  /** The entry's central directory record, copied when the entry is kept. */
  central: Uint8Array;
  localOffset: number;
  method: number;
  compressedSize: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** A ZIP archive opened for reading parts and writing a patched copy. */
export class ZipPackage {
  private readonly entries: ZipEntry[] = [];
  private readonly byName = new Map<string, ZipEntry>();
  private readonly centralOffset: number;
  /** Where each entry's stored span ends (the next entry's local header, or the directory). */
  private readonly spanEnds = new Map<ZipEntry, number>();

  /** Throws an Error when the source is not a ZIP archive this reader can take apart. */
  constructor(private readonly source: RandomAccess) {
    const tailStart = Math.max(0, source.size - 22 - 0xffff);
    const tail = source.read(tailStart, source.size - tailStart);
    const tailView = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
    let end = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tailView.getUint32(i, true) === END) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new Error('it has no zip directory');
    const count = tailView.getUint16(end + 10, true);
    const centralSize = tailView.getUint32(end + 12, true);
    this.centralOffset = tailView.getUint32(end + 16, true);
    if (count === 0xffff || this.centralOffset === 0xffffffff) throw new Error('it is a ZIP64 archive');
    const directory = source.read(this.centralOffset, centralSize);
    const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || view.getUint32(at, true) !== CENTRAL) throw new Error('its zip directory is damaged');
      const nameLength = view.getUint16(at + 28, true);
      const length = 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      const entry: ZipEntry = {
        name: new TextDecoder().decode(directory.subarray(at + 46, at + 46 + nameLength)),
        central: directory.subarray(at, at + length),
        localOffset: view.getUint32(at + 42, true),
        method: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
      };
      if (entry.localOffset === 0xffffffff || entry.compressedSize === 0xffffffff) throw new Error('it is a ZIP64 archive');
      this.entries.push(entry);
      this.byName.set(entry.name, entry);
      at += length;
    }
    const sorted = [...this.entries].sort((a, b) => a.localOffset - b.localOffset);
    sorted.forEach((e, i) => this.spanEnds.set(e, sorted[i + 1]?.localOffset ?? this.centralOffset));
  }

  /** Entry names in archive order. */
  get names(): string[] {
    return this.entries.map((e) => e.name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The uncompressed bytes of an entry, or undefined when absent. */
  read(name: string): Uint8Array | undefined {
    const entry = this.byName.get(name);
    if (!entry) return undefined;
    const header = this.source.read(entry.localOffset, 30);
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    if (header.length < 30 || view.getUint32(0, true) !== LOCAL) throw new Error(`its entry ${name} is damaged`);
    const start = entry.localOffset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
    const data = this.source.read(start, entry.compressedSize);
    if (entry.method === 0) return data;
    if (entry.method === 8) return inflateRawSync(data);
    throw new Error(`its entry ${name} is compressed in a way partspec cannot read (method ${entry.method})`);
  }

  /** The stored span of an entry (local header, data, data descriptor), read in pieces. */
  private *spanOf(entry: ZipEntry): Generator<Uint8Array> {
    const end = this.spanEnds.get(entry) ?? this.centralOffset;
    for (let at = entry.localOffset; at < end; at += PIECE) yield this.source.read(at, Math.min(PIECE, end - at));
  }

  /**
   * The chunks of a copy of the archive in which `replaced` entries get new bytes (in place, in
   * order) and the others are copied as stored, but for `removed`; names not in the archive are
   * added at the end. Read from the source as they are taken.
   */
  *writeChunks(replaced: ReadonlyMap<string, Uint8Array>, removed: ReadonlySet<string> = new Set()): Generator<Uint8Array> {
    const central: Uint8Array[] = [];
    let offset = 0;
    for (const entry of this.entries) {
      if (removed.has(entry.name)) continue;
      const data = replaced.get(entry.name);
      if (data !== undefined) {
        const written = encodeEntry(entry.name, data, offset, entry.central);
        central.push(written.central);
        offset += written.local.length;
        yield written.local;
        continue;
      }
      const record = Uint8Array.from(entry.central);
      new DataView(record.buffer).setUint32(42, offset, true);
      central.push(record);
      for (const piece of this.spanOf(entry)) {
        offset += piece.length;
        yield piece;
      }
    }
    for (const [name, data] of replaced) {
      if (this.byName.has(name)) continue;
      const written = encodeEntry(name, data, offset);
      central.push(written.central);
      offset += written.local.length;
      yield written.local;
    }
    const centralStart = offset;
    for (const record of central) {
      offset += record.length;
      yield record;
    }
    const end = new Uint8Array(22);
    const view = new DataView(end.buffer);
    view.setUint32(0, END, true);
    view.setUint16(8, central.length, true);
    view.setUint16(10, central.length, true);
    view.setUint32(12, offset - centralStart, true);
    view.setUint32(16, centralStart, true);
    yield end;
  }

  /** Releases the source (an open file). */
  close(): void {
    this.source.close();
  }
}

/** DOS time and date of now, as ZIP headers store them. */
function dosNow(): [time: number, date: number] {
  const d = new Date();
  return [(d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1), ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate()];
}

/** A deflated entry: local header with its data, and its central record (keeping the old entry's times and attributes when it replaces one). */
function encodeEntry(name: string, data: Uint8Array, offset: number, previous?: Uint8Array): { local: Uint8Array; central: Uint8Array } {
  const nameBytes = new TextEncoder().encode(name);
  const compressed = deflateRawSync(data);
  const crc = crc32(data);
  const old = previous ? new DataView(previous.buffer, previous.byteOffset, previous.byteLength) : undefined;
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
