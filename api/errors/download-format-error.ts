import { ApiError, type RequestInfo } from './api-error';
import { hasErrorKind } from './kinds';

/** The downloaded category file is in none of the formats PartSpec reads (JSON, CSV, TSV, xlsx; plain, ZIP or gzip). */
export class DownloadFormatError extends ApiError {
  static override readonly kind: string = 'DownloadFormatError';
  override readonly name: string = 'DownloadFormatError';
  /** The first characters of the file, for diagnosis (never more than 80). */
  readonly sample: string;

  constructor(detail: string, sample: string, options: { request?: RequestInfo; cause?: unknown } = {}) {
    const shown = sample.slice(0, 80);
    super(
      `The downloaded file could not be read: ${detail} (it starts with ${JSON.stringify(shown)}).`,
      'The downloaded product file is in none of the formats PartSpec reads (JSON, CSV, TSV or xlsx, plain or in ZIP or gzip); nothing was written. Request a new download link and try again; if it happens again, the service changed its file format.',
      options,
    );
    this.sample = shown;
  }
}

export function isDownloadFormatError(error: unknown): error is DownloadFormatError {
  return hasErrorKind(error, DownloadFormatError.kind);
}
