/**
 * The formulas the workbench evaluates: one `=PART.NAME(arg, …)` call whose arguments are
 * literals, references (`A2`, `A2:A9`, `'My sheet'!B1:D1`), array constants (`{"a","b";1,2}`) or
 * omitted. Anything else is not a PART formula and shows `#NAME?`, as an unknown function would.
 */

export type FormulaArgument =
  | { kind: 'omitted' }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'array'; rows: (string | number | boolean)[][] }
  | { kind: 'reference'; sheet?: string; address: string };

export interface PartCall {
  /** The function id as registered (`SPEC`), upper case. */
  id: string;
  args: FormulaArgument[];
}

export type ParseResult = { ok: true; call: PartCall } | { ok: false; message: string };

const NAMESPACE = 'PART';
const REFERENCE = /^(?:(?:'((?:[^']|'')+)'|([A-Za-z_][\w.]*))!)?(\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3})/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;

class Reader {
  constructor(
    private readonly text: string,
    public at = 0,
  ) {}

  rest(): string {
    return this.text.slice(this.at);
  }

  skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++;
  }

  peek(): string {
    this.skipSpace();
    return this.text[this.at] ?? '';
  }

  take(char: string): boolean {
    if (this.peek() !== char) return false;
    this.at++;
    return true;
  }

  expect(char: string): void {
    if (!this.take(char)) throw new Error(`Expected '${char}' at position ${this.at + 1}.`);
  }

  string(): string {
    this.expect('"');
    let out = '';
    for (;;) {
      const i = this.text.indexOf('"', this.at);
      if (i < 0) throw new Error('A text value is missing its closing quote.');
      out += this.text.slice(this.at, i);
      this.at = i + 1;
      if (this.text[this.at] !== '"') return out;
      out += '"';
      this.at++;
    }
  }

  scalar(): string | number | boolean {
    const c = this.peek();
    if (c === '"') return this.string();
    const num = NUMBER.exec(this.rest());
    if (num) {
      this.at += num[0].length;
      return Number(num[0]);
    }
    const bool = /^(TRUE|FALSE)\b/i.exec(this.rest());
    if (bool) {
      this.at += bool[0].length;
      return bool[1].toUpperCase() === 'TRUE';
    }
    throw new Error(`Unexpected '${this.rest().slice(0, 12)}' at position ${this.at + 1}.`);
  }
}

function readArgument(r: Reader): FormulaArgument {
  const c = r.peek();
  if (c === ',' || c === ')') return { kind: 'omitted' };
  if (c === '{') {
    r.expect('{');
    const rows: (string | number | boolean)[][] = [[]];
    for (;;) {
      rows[rows.length - 1].push(r.scalar());
      if (r.take(',')) continue;
      if (r.take(';')) {
        rows.push([]);
        continue;
      }
      r.expect('}');
      break;
    }
    if (rows.some((row) => row.length !== rows[0].length)) throw new Error('Every row of an array constant needs the same number of values.');
    return { kind: 'array', rows };
  }
  if (c === '"') return { kind: 'literal', value: r.string() };
  const ref = REFERENCE.exec(r.rest());
  if (ref && !/^\s*\(/.test(r.rest().slice(ref[0].length))) {
    r.at += ref[0].length;
    const sheet = ref[1] !== undefined ? ref[1].replace(/''/g, "'") : ref[2];
    return { kind: 'reference', sheet, address: ref[3].replace(/\$/g, '').toUpperCase() };
  }
  return { kind: 'literal', value: r.scalar() };
}

/** Reads `=PART.NAME(…)`; the message of a failure is what the cell's tooltip shows. */
export function parsePartFormula(formula: string): ParseResult {
  const m = /^=\s*(?:_xldudf_)?([A-Za-z_][\w]*)\.([A-Za-z_][\w]*)\s*\(/i.exec(formula);
  if (!m || m[1].toUpperCase() !== NAMESPACE) {
    return { ok: false, message: 'The workbench evaluates =PART.* formulas only.' };
  }
  const r = new Reader(formula, m[0].length);
  const args: FormulaArgument[] = [];
  try {
    if (!r.take(')')) {
      for (;;) {
        args.push(readArgument(r));
        if (r.take(',')) continue;
        r.expect(')');
        break;
      }
    }
    if (r.peek() !== '') throw new Error(`Unexpected '${r.rest().trim().slice(0, 12)}' after the function call.`);
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  while (args.length > 0 && args[args.length - 1].kind === 'omitted') args.pop();
  return { ok: true, call: { id: m[2].toUpperCase(), args } };
}
