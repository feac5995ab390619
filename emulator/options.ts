import type { Catalog } from './catalog';
import type { DownloadFormat } from './download-formats';
import type { Quirks } from './render';

export { DEMO_KEY, DEFAULT_HOST, DEFAULT_PORT } from '../node/emulator-defaults';

export interface RateLimit {
  /** Requests allowed per window and client address. */
  max: number;
  windowSeconds: number;
}

export interface EmulatorOptions {
  /** Port to listen on; 0 picks a free one. @default 4010 */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** Accepted API keys. @default [DEMO_KEY] */
  keys?: string[];
  /** Delay added to every API request: a fixed number of ms or a [min, max] range. @default 0 */
  latencyMs?: number | [number, number];
  /** Past `max` requests per window: 429 with Retry-After (seconds). @default none */
  rateLimit?: { max: number; windowSeconds: number };
  /** Fraction of API requests answered 500 (with a JSON body). @default 0 */
  failRate?: number;
  /** Fraction of API connections destroyed without an answer. @default 0 */
  dropRate?: number;
  /** Catalog seed. @default 1 */
  seed?: number;
  /**
   * Serves the catalog as it stands on this day (`YYYY-MM-DD`, not before REFERENCE_DATE): ended,
   * ending and new parts as the seed schedules them. @default the catalog as of REFERENCE_DATE
   */
  asOf?: string;
  /** File that receives one JSON line per request. @default none */
  logRequests?: string;
  /** Play a gateway with CORS switched off: preflights answered 403, no Access-Control-* headers. @default false */
  noCors?: boolean;
  /** Serve the category files from a second origin on this port (0: a free one), with the same CORS behaviour. @default none */
  downloadHost?: { port: number };
  /** Format of the category files: json, csv (UTF-8), tsv (UTF-16), xlsx, zip (CSV inside) or gzip (CSV). @default 'json' */
  downloadFormat?: DownloadFormat;
  /** Clock in ms, for link-expiry tests. @default Date.now */
  now?: () => number;
  /** Response nestings other than the default, to test client tolerance (NOTES.md). @default none */
  quirks?: Quirks;
  /**
   * Answer a well-formed number of the maker's real numbering (GRM155R71C104KA88D,
   * LQM18PN2R2MFRL, DFE322512F-2R2M=P2 …) that the catalog does not hold with a product decoded
   * from the number: size, rating, value, tolerance and packaging from the number, Status In
   * Production, no dates, and a Notices text saying it is synthetic. Only part-number lookups
   * meet them; category-wide queries and the category files hold the catalog alone. @default true
   */
  realNumbers?: boolean;
  /**
   * Also answer a search that pins a capacitance or an inductance (`Capacitance eq 0.0000001`, or
   * a range of at most ×1.5: one BOM line's value) with the maker's numbers of that value in every
   * common size, characteristic and voltage, generated from the value and decoded like any real
   * number (synthetic, In Production), so a search by specs finds real-looking parts. The
   * emulator's command line turns it on; tests that count the catalog's own answers leave it off.
   * Needs realNumbers. @default false
   */
  commonParts?: boolean;
}

/** The faults that can change while the emulator runs. */
export type FaultOptions = Partial<Pick<EmulatorOptions, 'latencyMs' | 'rateLimit' | 'failRate' | 'dropRate' | 'keys'>>;

export interface RequestLogEntry {
  /** ISO time the answer was sent. */
  time: string;
  method: string;
  url: string;
  /** Byte length of the full URL as received: `http://<host header><request url>`. */
  urlBytes: number;
  /** HTTP status; 0 when the connection was dropped on purpose. */
  status: number;
  /** Products in the answer. */
  products: number;
}

export interface RunningEmulator {
  /** Base URL, e.g. http://127.0.0.1:54321 */
  url: string;
  /** Base URL of the second origin serving the category files (`downloadHost`), if any. */
  downloadUrl?: string;
  close(): Promise<void>;
  /** Every API and download request so far (not /healthz or CORS preflights, which only go to the file). */
  requests: RequestLogEntry[];
  resetLog(): void;
  /** Changes faults while running; a new rate limit starts with empty counters. */
  configure(faults: FaultOptions): void;
  /** The generated products, language-neutral, so tests can compute expected answers. */
  catalog: Catalog;
  /** Whether real part numbers are answered (EmulatorOptions.realNumbers). */
  realNumbers: boolean;
  /** Whether searches that pin a value meet the maker's common parts of it (EmulatorOptions.commonParts). */
  commonParts: boolean;
}
