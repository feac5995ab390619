import { PORT_ENV, declareFlags, parseFlags, portFrom, wholeNumber as integer, type FlagSpecs } from '../node/args';
import { UsageError } from '../node/errors';
import { isIsoDate, REFERENCE_DATE } from './catalog';
import { DOWNLOAD_FORMATS, isDownloadFormat } from './download-formats';
import { DEFAULT_HOST, DEFAULT_PORT, type EmulatorOptions } from './options';

export const USAGE = `Usage: npm run emulator -- [options]

Starts the local Product Information API emulator (v2.2) and prints its base URL and demo key.

Options:
  --port N              port to listen on; 0 picks a free one (default ${PORT_ENV.emulator},
                        else ${DEFAULT_PORT})
  --host H              address to listen on (default ${DEFAULT_HOST})
  --key K               accepted API key; repeat for several (default: the demo key)
  --latency MS|MIN-MAX  delay added to every API request, fixed or random in a range
  --rate-limit N/SECONDS  at most N requests per SECONDS per client; then 429 with Retry-After
  --fail-rate P         fraction (0..1) of API requests answered 500
  --drop-rate P         fraction (0..1) of API connections cut without an answer
  --seed N              catalog seed (default 1)
  --as-of YYYY-MM-DD    serve the catalog as it stands on that day (from ${REFERENCE_DATE}):
                        ended parts Discontinued, ending parts NRND or To be discontinued
                        with dates, new package forms flagged NewProduct (default: as of
                        ${REFERENCE_DATE})
  --log-requests FILE   append one JSON line per request to FILE
  --no-cors             play a gateway with CORS off: preflights 403, no Access-Control-* headers
  --download-host PORT  serve the category files from a second origin on PORT (0: a free one)
  --download-format F   the category files as json (default), csv (UTF-8), tsv (UTF-16),
                        xlsx, zip (CSV inside) or gzip (CSV)
  --no-real-numbers     answer only the catalog's own part numbers. By default a well-formed
                        number of the maker's real numbering (GRM155R71C104KA88D,
                        LQM18PN2R2MFRL, DFE322512F-2R2M=P2 …) is answered with a product
                        decoded from the number itself: size, rating, value, tolerance and
                        packaging are real; Status In Production, no dates and a Notices text
                        saying "Synthetic" mark the rest as made up
  --help                show this text`;

export type CliResult = { help: true } | { help: false; options: EmulatorOptions };

/** The one usage error of the Node programs: the CLI prints the message and exits 2. */
export { UsageError };

function fraction(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new UsageError(`--${flag} needs a fraction from 0 to 1 (e.g. 0.1), not '${text}'.`);
  }
  return value;
}

function latency(text: string): number | [number, number] {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!m) throw new UsageError(`--latency needs MS or MIN-MAX in milliseconds (e.g. 50 or 20-200), not '${text}'.`);
  if (m[2] === undefined) return Number(m[1]);
  const range: [number, number] = [Number(m[1]), Number(m[2])];
  if (range[1] < range[0]) throw new UsageError(`--latency range ${text} has its maximum below its minimum.`);
  return range;
}

function rateLimit(text: string): { max: number; windowSeconds: number } {
  const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(text);
  if (!m || Number(m[2]) <= 0) throw new UsageError(`--rate-limit needs N/SECONDS (e.g. 10/1 or 100/60), not '${text}'.`);
  return { max: Number(m[1]), windowSeconds: Number(m[2]) };
}

function asOfDate(text: string): string {
  if (!isIsoDate(text)) throw new UsageError(`--as-of needs a date written YYYY-MM-DD (e.g. 2027-06-30), not '${text}'.`);
  if (text < REFERENCE_DATE) throw new UsageError(`--as-of needs a date on or after ${REFERENCE_DATE}, the day the catalog describes, not '${text}'.`);
  return text;
}

/** The emulator's flags, as data for the one parser. */
export const EMULATOR_OPTIONS: FlagSpecs = declareFlags({
  values: ['port', 'host', 'latency', 'rate-limit', 'fail-rate', 'drop-rate', 'seed', 'as-of', 'download-host', 'download-format', 'log-requests'],
  lists: ['key'],
  switches: ['no-cors', 'no-real-numbers'],
});

/**
 * Reads the command line into emulator options, the port from `--port`, else PARTSPEC_EMULATOR_PORT
 * in `env`. Throws UsageError on anything it does not understand.
 */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliResult {
  const flags = parseFlags(argv, EMULATOR_OPTIONS);
  if (flags.help) return { help: true };
  const options: EmulatorOptions = {};
  /** Sets an option from a flag's value when the flag is given. */
  const read = (name: string, apply: (text: string) => void): void => {
    const text = flags.string(name);
    if (text !== undefined) apply(text);
  };
  if (flags.has('port') || env[PORT_ENV.emulator]?.trim()) options.port = portFrom(flags.string('port'), env, PORT_ENV.emulator, DEFAULT_PORT);
  read('host', (t) => {
    if (t.trim() === '') throw new UsageError('--host needs an address, e.g. 127.0.0.1.');
    options.host = t;
  });
  const keys = flags.list('key');
  if (keys.some((k) => k.trim() === '')) throw new UsageError('--key needs a non-empty key.');
  if (keys.length > 0) options.keys = keys;
  read('latency', (t) => (options.latencyMs = latency(t)));
  read('rate-limit', (t) => (options.rateLimit = rateLimit(t)));
  read('fail-rate', (t) => (options.failRate = fraction('fail-rate', t)));
  read('drop-rate', (t) => (options.dropRate = fraction('drop-rate', t)));
  read('seed', (t) => (options.seed = integer('seed', t, 0, 2 ** 32 - 1)));
  read('as-of', (t) => (options.asOf = asOfDate(t)));
  if (flags.bool('no-cors')) options.noCors = true;
  if (flags.bool('no-real-numbers')) options.realNumbers = false;
  read('download-host', (t) => (options.downloadHost = { port: integer('download-host', t, 0, 65535) }));
  read('download-format', (format) => {
    if (!isDownloadFormat(format)) throw new UsageError(`--download-format needs one of ${DOWNLOAD_FORMATS.join(', ')}, not '${format}'.`);
    options.downloadFormat = format;
  });
  read('log-requests', (t) => {
    if (t.trim() === '') throw new UsageError('--log-requests needs a file path.');
    options.logRequests = t;
  });
  return { help: false, options };
}
