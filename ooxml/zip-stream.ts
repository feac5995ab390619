import type { WriteStream } from 'node:fs';
import { crc32, createDeflateRaw, type DeflateRaw, type ZlibOptions } from 'node:zlib';
import type { AsyncFlateStreamHandler, ZipInputFile } from 'fflate';
import { whenDrained, writeWaiting } from './drain';

/*
 * The two ends of a streamed ZIP archive with backpressure: entries for fflate's streaming Zip
 * deflated by Node's zlib (native, off the main thread: fflate's own deflate took 7 of the SMD
 * category's 18 s as xlsx), and the file they go to, which the writer waits on when it falls behind.
 */

/** A ZIP entry of fflate's Zip whose bytes are deflated by zlib as they are pushed. */
export class DeflateEntry implements ZipInputFile {
  readonly compression = 8;
  crc = 0;
  size = 0;
  ondata: AsyncFlateStreamHandler = () => undefined;
  private readonly deflate: DeflateRaw;
  private readonly ended: Promise<void>;

  constructor(readonly filename: string, level: number) {
    // Room for a few chunks of rows, so the next chunk is built while zlib deflates this one.
    this.deflate = createDeflateRaw({ level, writableHighWaterMark: 4 << 20 } as ZlibOptions);
    this.deflate.on('data', (data: Buffer) => this.ondata(null, data as Uint8Array as Parameters<AsyncFlateStreamHandler>[1], false));
    this.ended = new Promise((resolve, reject) => {
      this.deflate.once('end', () => {
        this.ondata(null, new Uint8Array(0), true);
        resolve();
      });
      this.deflate.once('error', reject);
    });
  }

  /** Deflates a chunk; resolves when zlib can take more. */
  async push(chunk: Uint8Array): Promise<void> {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    await writeWaiting(this.deflate, chunk);
  }

  /** Ends the entry; resolves once its last bytes went to the archive. */
  async finish(): Promise<void> {
    this.deflate.end();
    await this.ended;
  }

  terminate(): void {
    this.deflate.destroy();
  }
}

/** A file written in order, whose writer waits whenever the file falls behind (`settle`). */
export class Sink {
  private failure: Error | undefined;

  constructor(readonly stream: WriteStream) {
    stream.on('error', (error) => {
      this.failure ??= error;
    });
  }

  put(bytes: Uint8Array): void {
    this.stream.write(bytes);
  }

  /** Resolves once the file has taken what it was given (at once when it is keeping up). */
  async settle(): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.writableNeedDrain) return;
    await whenDrained(this.stream);
    if (this.failure) throw this.failure;
  }

  async end(): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      // A stream that fails before it finishes (its file could not be opened, the disk filled) hands the error to this callback.
      this.stream.end((error?: Error | null) => (error ? reject(this.failure ?? error) : resolve()));
    });
    if (this.failure) throw this.failure;
  }
}
