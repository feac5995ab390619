import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { FileLimitError, FILE_LIMITS } from '../core/limits';
import { CENTRAL, encodeDirectoryEnd, encodeEntry, inflateBounded, LOCAL, readDirectoryEnd, readZip64Fields } from './zip-format';

/*
 * A ZIP package read from its central directory and written back with every entry that was not
 * replaced copied as it was stored: the same local header, compressed bytes and central record,
 * only its offset moved. Entries keep their order; new entries go at the end, under names that
 * no entry has in any letter case. Past 65,535 entries the copy gets a ZIP64 directory end.
 * The archive is read where it lies (a file read at offsets), so memory holds the parts read and
 * written, never the whole workbook: kept entries go from the old file to the new one in pieces.
 * A part is inflated only when read, checked against the FILE_LIMITS on entries, decompressed
 * size and ratio before a byte is inflated, never inflated past the size its directory gives,
 * and CRC-checked.
 */

/** Bytes that can be read at any offset: a file, or bytes in memory. */
export interface RandomAccess {
  readonly size: number;
  read(offset: number, length: number): Uint8Array;
  /** Reads into `target` from `offset` (up to its length); returns how many bytes were read. */
  readInto(target: Uint8Array, offset: number): number;
  close(): void;
}

/** Bytes in memory as a RandomAccess. */
export function bytesSource(bytes: Uint8Array): RandomAccess {
  return {
    size: bytes.length,
    read: (offset, length) => bytes.subarray(offset, offset + length),
    readInto(target, offset) {
      const piece = bytes.subarray(offset, offset + target.length);
      target.set(piece);
      return piece.length;
    },
    close: () => undefined,
  };
}

/** An open file as a RandomAccess (synchronous reads at offsets); throws the system's error when it cannot be opened. */
export function fileSource(file: string): RandomAccess {
  const fd = openSync(file, 'r');
  const size = fstatSync(fd).size;
  let open = true;
  const readInto = (target: Uint8Array, offset: number): number => {
    const length = Math.max(0, Math.min(target.length, size - offset));
    let done = 0;
    while (done < length) {
      const n = readSync(fd, target, done, length - done, offset + done);
      if (n === 0) break;
      done += n;
    }
    return done;
  };
  return {
    size,
    read(offset, length) {
      const out = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      return out.subarray(0, readInto(out, offset));
    },
    readInto,
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
  /** The inflated size the directory gives. */
  size: number;
  crc: number;
}

/** A name a new entry may take: relative, without `..` segments or backslashes. */
function isSafeEntryName(name: string): boolean {
  return name !== '' && !name.startsWith('/') && !name.includes('\\') && !name.split('/').some((segment) => segment === '..' || segment === '.' || segment === '');
}

/** A ZIP archive opened for reading parts and writing a patched copy. */
export class ZipPackage {
  private readonly entries: ZipEntry[] = [];
  private readonly byName = new Map<string, ZipEntry>();
  private readonly lowerNames = new Set<string>();
  private readonly centralOffset: number;
  /** Where each entry's stored span ends (the next entry's local header, or the directory). */
  private readonly spanEnds = new Map<ZipEntry, number>();
  /** Inflated bytes handed out so far, against FILE_LIMITS.packageBytes. */
  private inflated = 0;

  /** Throws an Error when the source is not a ZIP archive this reader can take apart, a FileLimitError when it is too large or has too many entries. */
  constructor(private readonly source: RandomAccess) {
    if (source.size > FILE_LIMITS.workbookBytes.value) throw new FileLimitError('workbookBytes', 'The workbook');
    const tailStart = Math.max(0, source.size - 22 - 0xffff);
    const tail = source.read(tailStart, source.size - tailStart);
    const end = readDirectoryEnd(tail, tailStart, (offset, length) => source.read(offset, length));
    if (end.count > FILE_LIMITS.packageEntries.value) throw new FileLimitError('packageEntries', 'The package');
    if (end.offset + end.size > source.size) throw new Error('its zip directory is damaged');
    this.centralOffset = end.offset;
    const directory = source.read(end.offset, end.size);
    const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
    let at = 0;
    const utf8 = new TextDecoder();
    for (let n = 0; n < end.count; n++) {
      if (at + 46 > directory.length || view.getUint32(at, true) !== CENTRAL) throw new Error('its zip directory is damaged');
      const nameLength = view.getUint16(at + 28, true);
      const length = 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      if (at + length > directory.length) throw new Error('its zip directory is damaged');
      const central = directory.subarray(at, at + length);
      const fields = { compressedSize: view.getUint32(at + 20, true), size: view.getUint32(at + 24, true), localOffset: view.getUint32(at + 42, true) };
      readZip64Fields(central, fields);
      const entry: ZipEntry = { name: utf8.decode(directory.subarray(at + 46, at + 46 + nameLength)), central, method: view.getUint16(at + 10, true), crc: view.getUint32(at + 16, true), ...fields };
      if (entry.localOffset >= this.centralOffset) throw new Error('its zip directory is damaged');
      this.entries.push(entry);
      this.byName.set(entry.name, entry);
      this.lowerNames.add(entry.name.toLowerCase());
      at += length;
    }
    const sorted = [...this.entries].sort((a, b) => a.localOffset - b.localOffset);
    sorted.forEach((e, i) => this.spanEnds.set(e, sorted[i + 1]?.localOffset ?? this.centralOffset));
    // Entries sharing their bytes (a bomb's trick) could not be copied each as stored.
    if (sorted.some((e, i) => i > 0 && e.localOffset === sorted[i - 1].localOffset)) throw new Error('its zip directory lists two entries at the same place');
  }

  /** Entry names in archive order. */
  get names(): string[] {
    return this.entries.map((e) => e.name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** True when an entry has this name in any letter case (ZIP tools and Excel treat part names so). */
  hasAnyCase(name: string): boolean {
    return this.lowerNames.has(name.toLowerCase());
  }

  /** The name, or the first of name1, name2, … (before the extension) that no entry has in any letter case. */
  freeName(name: string): string {
    if (!this.hasAnyCase(name)) return name;
    for (let n = 1; ; n++) {
      const candidate = name.replace(/(\.[^./]*)?$/, `${n}$1`);
      if (!this.hasAnyCase(candidate)) return candidate;
    }
  }

  /** The size an entry inflates to, as its directory gives it; undefined when absent. */
  sizeOf(name: string): number | undefined {
    return this.byName.get(name)?.size;
  }

  /**
   * The uncompressed bytes of an entry, or undefined when absent. Throws a FileLimitError before
   * inflating a part whose size or ratio passes FILE_LIMITS, and an Error when the part is damaged
   * (it inflates past its declared size, or its CRC differs).
   */
  read(name: string): Uint8Array | undefined {
    const entry = this.byName.get(name);
    if (!entry) return undefined;
    this.checkLimits(entry);
    const header = this.source.read(entry.localOffset, 30);
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    if (header.length < 30 || view.getUint32(0, true) !== LOCAL) throw new Error(`its entry ${name} is damaged`);
    const start = entry.localOffset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
    if (start + entry.compressedSize > (this.spanEnds.get(entry) ?? this.centralOffset)) throw new Error(`its entry ${name} is damaged (its compressed size runs past its place in the file)`);
    const data = this.source.read(start, entry.compressedSize);
    let bytes: Uint8Array;
    if (entry.method === 0) bytes = data;
    else if (entry.method === 8) bytes = inflateBounded(data, entry.size, entry.name);
    else throw new Error(`its entry ${name} is compressed in a way partspec cannot read (method ${entry.method})`);
    if (bytes.length !== entry.size) throw new Error(`its entry ${name} is damaged (it does not hold the ${entry.size} bytes its directory gives)`);
    if (crc32(bytes) !== entry.crc) throw new Error(`its entry ${name} is damaged (its CRC-32 check fails)`);
    this.inflated += bytes.length;
    return bytes;
  }

  /** Refuses, before inflating, a part that would pass the size, ratio or package limits. */
  private checkLimits(entry: ZipEntry): void {
    const subject = `The part ${entry.name}`;
    if (entry.size > FILE_LIMITS.partBytes.value) throw new FileLimitError('partBytes', subject);
    if (entry.size > FILE_LIMITS.ratioFreeBytes.value && entry.size > entry.compressedSize * FILE_LIMITS.compressionRatio.value) throw new FileLimitError('compressionRatio', subject);
    if (this.inflated + entry.size > FILE_LIMITS.packageBytes.value) throw new FileLimitError('packageBytes', `${subject}, with the parts read before it,`);
  }

  /**
   * The stored span of an entry (local header, data, data descriptor), read in pieces: into
   * `reused` when given (each piece valid until the next is taken), else into new buffers.
   */
  private *spanOf(entry: ZipEntry, reused?: Uint8Array): Generator<Uint8Array> {
    const end = this.spanEnds.get(entry) ?? this.centralOffset;
    for (let at = entry.localOffset; at < end; at += PIECE) {
      const length = Math.min(PIECE, end - at);
      if (!reused) yield this.source.read(at, length);
      else yield reused.subarray(0, this.source.readInto(reused.subarray(0, length), at));
    }
  }

  /**
   * The chunks of a copy of the archive in which `replaced` entries get new bytes (in place, in
   * order) and the others are copied as stored, but for `removed`; names not in the archive are
   * added at the end. Read from the source as they are taken. Throws an Error (before the first
   * chunk) when a new name is not a safe entry name or another entry has it in another letter case.
   */
  writeChunks(replaced: ReadonlyMap<string, Uint8Array>, removed: ReadonlySet<string> = new Set()): Generator<Uint8Array> {
    return this.chunksOf(replaced, removed);
  }

  /**
   * Writes the copy writeChunks describes to a file (created or truncated), waiting on each
   * write: kept entries pass through one reused buffer, so memory does not grow with what is copied.
   */
  async writeFile(file: string, replaced: ReadonlyMap<string, Uint8Array>, removed: ReadonlySet<string> = new Set()): Promise<void> {
    const handle = await open(file, 'w');
    const writeAll = async (bytes: Uint8Array): Promise<void> => {
      for (let done = 0; done < bytes.length; ) done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
    };
    // Small chunks (the records of thousands of small entries) are gathered into whole pieces.
    const gathered = Buffer.allocUnsafe(PIECE);
    let used = 0;
    try {
      for (const chunk of this.chunksOf(replaced, removed, Buffer.allocUnsafe(PIECE))) {
        if (used + chunk.length > gathered.length) {
          await writeAll(gathered.subarray(0, used));
          used = 0;
        }
        if (chunk.length >= gathered.length) await writeAll(chunk);
        else {
          gathered.set(chunk, used);
          used += chunk.length;
        }
      }
      await writeAll(gathered.subarray(0, used));
    } finally {
      await handle.close();
    }
  }

  private *chunksOf(replaced: ReadonlyMap<string, Uint8Array>, removed: ReadonlySet<string>, reused?: Uint8Array): Generator<Uint8Array> {
    const added = [...replaced.keys()].filter((name) => !this.byName.has(name));
    for (const name of added) {
      if (!isSafeEntryName(name)) throw new Error(`partspec would add an entry named '${name}', which is not a part name inside the package`);
      if (this.hasAnyCase(name)) throw new Error(`partspec would add the entry ${name}, which another entry already has in another letter case`);
    }
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
      if (offset > 0xffffffff) throw new Error('the workbook would pass 4 GB, more than a package partspec writes can hold');
      const record = Uint8Array.from(entry.central);
      new DataView(record.buffer).setUint32(42, offset, true);
      central.push(record);
      for (const piece of this.spanOf(entry, reused)) {
        offset += piece.length;
        yield piece;
      }
    }
    for (const name of added) {
      const written = encodeEntry(name, replaced.get(name) as Uint8Array, offset);
      central.push(written.central);
      offset += written.local.length;
      yield written.local;
    }
    const centralStart = offset;
    for (const record of central) {
      offset += record.length;
      yield record;
    }
    yield encodeDirectoryEnd(central.length, centralStart, offset - centralStart);
  }

  /** Releases the source (an open file). */
  close(): void {
    this.source.close();
  }
}
