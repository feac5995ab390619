import { DoubleError, type SheetModel, type WorkbookModel } from './model';

/** One queued command of a batch. */
interface Action {
  /** What the request payload carries for it (its JSON size is what counts against the limit). */
  payload: unknown;
  apply(): void;
}

/** What one `context.sync()` sent. */
export interface SyncRecord {
  /** Bytes of JSON of the queued commands. */
  bytes: number;
  /** Bytes of JSON of what the sync's loads answered (Excel on the web refuses over 5 MB). */
  answerBytes: number;
  actions: number;
  /** `application.suspendApiCalculationUntilNextSync()` was queued in this batch. */
  calculationSuspended: boolean;
  error?: string;
}

export interface SyncLog {
  syncs: SyncRecord[];
}

/** Injects a failure: return an error to make this sync reject before anything is applied. */
export type SyncFault = (index: number, record: SyncRecord) => Error | undefined;

export interface ContextOptions {
  /** Payloads over this many bytes are rejected, as Excel on the web does. @default 5 MB */
  payloadLimit: number;
  fault?: SyncFault;
  /** Called after each sync, applied or failed (the workbench re-renders on it). */
  onSynced?: () => void;
  /**
   * Makes the worksheet proxy a range or a table hands out. Excel's object model is a cycle (a
   * worksheet makes ranges, a range has a worksheet); the double's entry passes this in so that
   * the proxy modules import one another in one direction only.
   */
  makeWorksheet: (ctx: DoubleContext, locate: () => SheetModel | undefined) => object;
}

function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? (i++, 4) : 3;
  }
  return n;
}

/** The request context of one `run`: queues commands and applies them on `sync()`, in order. */
export class DoubleContext {
  private pending: Action[] = [];
  private suspended = false;
  private nextObject = 1;
  private answerBytes = 0;

  constructor(
    readonly model: WorkbookModel,
    readonly log: SyncLog,
    readonly options: ContextOptions,
  ) {}

  objectId(kind: string): string {
    return `${kind}#${this.nextObject++}`;
  }

  queue(payload: unknown, apply: () => void): void {
    this.pending.push({ payload, apply });
  }

  suspendCalculation(): void {
    this.queue({ m: 'suspendApiCalculationUntilNextSync' }, () => undefined);
    this.suspended = true;
  }

  /** Counts a loaded value toward the answer of the sync being applied. */
  noteAnswer(value: unknown): void {
    this.answerBytes += value === undefined ? 0 : utf8Bytes(JSON.stringify(value) ?? '');
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  async sync(): Promise<void> {
    try {
      await this.apply();
    } finally {
      this.options.onSynced?.();
    }
  }

  private async apply(): Promise<void> {
    const actions = this.pending;
    this.pending = [];
    const record: SyncRecord = {
      bytes: actions.reduce((sum, a) => sum + utf8Bytes(JSON.stringify(a.payload)), 0),
      actions: actions.length,
      calculationSuspended: this.suspended,
      answerBytes: 0,
    };
    this.suspended = false;
    const index = this.log.syncs.length;
    this.log.syncs.push(record);
    await Promise.resolve();
    const injected = this.options.fault?.(index, record);
    if (injected) {
      record.error = injected.message;
      throw injected;
    }
    if (record.bytes > this.options.payloadLimit) {
      record.error = 'RequestPayloadSizeLimitExceeded';
      throw new DoubleError('RequestPayloadSizeLimitExceeded', `The request payload of ${record.bytes} bytes exceeds the limit of ${this.options.payloadLimit} bytes.`);
    }
    this.answerBytes = 0;
    for (const action of actions) {
      try {
        action.apply();
      } catch (error) {
        record.error = (error as Error).message;
        throw error;
      }
    }
    record.answerBytes = this.answerBytes;
    if (record.answerBytes > this.options.payloadLimit) {
      record.error = 'ResponsePayloadSizeLimitExceeded';
      throw new DoubleError('ResponsePayloadSizeLimitExceeded', `The response payload of ${record.answerBytes} bytes exceeds the limit of ${this.options.payloadLimit} bytes.`);
    }
  }
}
