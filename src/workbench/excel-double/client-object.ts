import { type Block } from './a1';
import type { DoubleContext } from './context';
import { DoubleError, type SheetModel, type WorkbookModel } from './model';

/* The base of the Excel JavaScript API proxies. Writes and loads are queued and take effect on
 * `context.sync()`, in order; reading a property that was not loaded throws, as in Excel. */

export type Located = { sheet: SheetModel; block: Block };

/** What a range's format proxies need of the range: its id in the queue and where it is. */
export interface RangeHandle {
  readonly _id: string;
  at(): Located;
}

function names(spec: unknown): string[] {
  if (spec === undefined) return [];
  if (typeof spec === 'string') return spec.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(spec)) return spec.flatMap(names);
  if (typeof spec === 'object' && spec) {
    const o = spec as { select?: unknown };
    return o.select !== undefined ? names(o.select) : Object.keys(spec);
  }
  return [];
}

export abstract class ClientObject {
  protected readonly loaded = new Map<string, unknown>();
  readonly _id: string;

  constructor(
    protected readonly ctx: DoubleContext,
    kind: string,
  ) {
    this._id = ctx.objectId(kind);
  }

  protected get model(): WorkbookModel {
    return this.ctx.model;
  }

  /** The value of a property at apply time. */
  protected abstract read(name: string): unknown;

  /** False for a null object (getItemOrNullObject of a missing item). */
  protected exists(): boolean {
    return true;
  }

  /** Properties `load()` loads when called without arguments. */
  protected defaultProperties(): string[] {
    return [];
  }

  load(spec?: unknown): this {
    const wanted = names(spec);
    const list = wanted.length > 0 ? wanted : this.defaultProperties();
    this.ctx.queue({ o: this._id, m: 'load', a: list }, () => {
      const exists = this.exists();
      this.loaded.set('isNullObject', !exists);
      if (!exists) return;
      for (const name of list) {
        this.loadOne(name);
        this.ctx.noteAnswer(this.loaded.get(name.split('/')[0]));
      }
    });
    return this;
  }

  protected loadOne(name: string): void {
    this.loaded.set(name.split('/')[0], this.read(name));
  }

  protected get_(name: string): unknown {
    if (!this.loaded.has(name)) {
      throw new DoubleError('PropertyNotLoaded', `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()".`);
    }
    return this.loaded.get(name);
  }

  protected set_(name: string, value: unknown, apply: () => void): void {
    this.loaded.set(name, value);
    this.ctx.queue({ o: this._id, m: name, a: value }, apply);
  }

  protected call(method: string, args: unknown[], apply: () => void): void {
    this.ctx.queue({ o: this._id, m: method, a: args }, apply);
  }

  get isNullObject(): boolean {
    return this.get_('isNullObject') as boolean;
  }

  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of this.loaded) if (k !== 'isNullObject') out[k] = v;
    return out;
  }
}

/** Applies a scalar to every cell, or a 2D array of exactly the range's shape. */
export function forEachInput(block: Block, input: unknown, each: (row: number, column: number, value: unknown) => void): void {
  if (Array.isArray(input)) {
    if (input.length !== block.rowCount || input.some((r) => !Array.isArray(r) || r.length !== block.columnCount)) {
      throw new DoubleError('InvalidArgument', `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${block.rowCount}×${block.columnCount}).`);
    }
    for (let r = 0; r < block.rowCount; r++) for (let c = 0; c < block.columnCount; c++) each(block.row + r, block.column + c, input[r][c]);
    return;
  }
  for (let r = 0; r < block.rowCount; r++) for (let c = 0; c < block.columnCount; c++) each(block.row + r, block.column + c, input);
}

export function grid<T>(block: Block, cell: (row: number, column: number) => T): T[][] {
  return Array.from({ length: block.rowCount }, (_, r) => Array.from({ length: block.columnCount }, (_, c) => cell(block.row + r, block.column + c)));
}

/** A proxy of a named workbook item found at apply time; a missing item is a null object. */
export abstract class LocatedObject<T> extends ClientObject {
  constructor(
    ctx: DoubleContext,
    kind: string,
    private readonly locate: () => T | undefined,
    private readonly missing: string,
  ) {
    super(ctx, kind);
  }

  protected item(): T {
    const found = this.locate();
    if (found === undefined) throw new DoubleError('ItemNotFound', this.missing);
    return found;
  }

  protected override exists(): boolean {
    try {
      return this.locate() !== undefined;
    } catch {
      return false;
    }
  }
}
