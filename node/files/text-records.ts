/*
 * The records of a delimited text table (RFC 4180, read leniently), each with where it starts
 * and ends in the text and the line end that follows it, so a writer can keep every original line
 * as it stands and only append to it. Quotes open a field only at its start; a
 * quote inside an unquoted field is text. A quoted field that is never closed, or that spans
 * lines and is followed by more text after its closing quote (two quotes paired across lines),
 * is refused with the line it starts on: read on, it would swallow the rest of the file.
 */

export type LineEnd = '' | '\r\n' | '\n' | '\r';

export interface TextRecord {
  /** Offset in the text where the record starts. */
  start: number;
  /** Offset just after its last field (before its line end). */
  end: number;
  /** The line end after it: '' for a last line without one. */
  lineEnd: LineEnd;
  /** The fields' values, unquoted. */
  fields: string[];
  /** The line of the file the record starts on, 1-based. */
  line: number;
  /** True when a quote stands inside an unquoted field or text follows a closing quote (a sign of the wrong delimiter). */
  irregular: boolean;
}

/** Why the text cannot be split into records; `line` is where the trouble starts. */
export class TextRecordError extends Error {
  override readonly name = 'TextRecordError';

  constructor(
    readonly line: number,
    readonly kind: 'unclosed-quote' | 'text-after-quote' | 'line-length' | 'field-length',
    message: string,
  ) {
    super(message);
  }
}

export interface ParseOptions {
  delimiter: string;
  /** Longest record, in characters. @default unlimited */
  maxRecordChars?: number;
  /** Longest field value, in characters. @default unlimited */
  maxFieldChars?: number;
  /** Stop after this many records. @default all */
  maxRecords?: number;
  /** Return the records read so far instead of throwing (a sample cut mid-field). @default false */
  lenient?: boolean;
  /** Hears the offset of each field's first character (its opening quote when quoted). */
  onField?: (offset: number) => void;
}

const CR = 13;
const LF = 10;
const QUOTE = 34;

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) lines++;
  }
  return lines;
}

/** Splits text into records; throws a TextRecordError (unless lenient) for a broken quote or a limit. */
export function parseTextRecords(text: string, options: ParseOptions): TextRecord[] {
  const delimiter = options.delimiter.charCodeAt(0);
  const maxRecord = options.maxRecordChars ?? Infinity;
  const maxField = options.maxFieldChars ?? Infinity;
  const records: TextRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  const fail = (error: TextRecordError): TextRecord[] => {
    if (options.lenient) return records;
    throw error;
  };
  while (i < n && records.length < (options.maxRecords ?? Infinity)) {
    const start = i;
    const record: TextRecord = { start, end: start, lineEnd: '', fields: [], line, irregular: false };
    for (;;) {
      options.onField?.(i);
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        let close = i + 1;
        for (;;) {
          close = text.indexOf('"', close);
          if (close < 0) return fail(new TextRecordError(line, 'unclosed-quote', `the quoted field that starts on line ${line} is never closed`));
          if (text.charCodeAt(close + 1) !== QUOTE) break;
          close += 2;
        }
        const spanned = countLines(text, i, close);
        value = text.slice(i + 1, close).replace(/""/g, '"');
        let k = close + 1;
        while (k < n && k - start <= maxRecord && text.charCodeAt(k) !== delimiter && text.charCodeAt(k) !== LF && text.charCodeAt(k) !== CR) k++;
        if (k > close + 1 && spanned > 0) return fail(new TextRecordError(line, 'text-after-quote', `the quoted field that starts on line ${line} runs over ${spanned + 1} lines and is followed by more text, so one of its quotes is unbalanced`));
        if (k > close + 1) record.irregular = true;
        value += text.slice(close + 1, k);
        line += spanned;
        i = k;
      } else {
        let k = i;
        while (k < n && k - start <= maxRecord && text.charCodeAt(k) !== delimiter && text.charCodeAt(k) !== LF && text.charCodeAt(k) !== CR) k++;
        value = text.slice(i, k);
        if (value.includes('"')) record.irregular = true;
        i = k;
      }
      if (i - start > maxRecord) return fail(new TextRecordError(record.line, 'line-length', `line ${record.line} is too long`));
      if (value.length > maxField) return fail(new TextRecordError(record.line, 'field-length', `a field on line ${record.line} is too long`));
      record.fields.push(value);
      if (i < n && text.charCodeAt(i) === delimiter) {
        i++;
        continue;
      }
      break;
    }
    record.end = i;
    if (text.charCodeAt(i) === CR) record.lineEnd = text.charCodeAt(i + 1) === LF ? '\r\n' : '\r';
    else if (text.charCodeAt(i) === LF) record.lineEnd = '\n';
    i += record.lineEnd.length;
    if (record.lineEnd !== '') line++;
    records.push(record);
  }
  return records;
}

/**
 * Where each field of a record starts in the text (its opening quote when quoted): found again
 * from the record's own text when a writer needs them, rather than kept for every record.
 */
export function fieldStarts(text: string, record: TextRecord, delimiter: string): number[] {
  const starts: number[] = [];
  parseTextRecords(text.slice(record.start, record.end), { delimiter, maxRecords: 1, onField: (offset) => starts.push(record.start + offset) });
  return starts.length > 0 ? starts : [record.start];
}

/** Delimiters a text BOM may use, in the order a tie is settled. */
const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter of a text table: the one that splits most of its first records into one common
 * width (above one field), weighed by the delimiters those records hold, so a wide header and its
 * rows outweigh short lines a wrong delimiter happens to split alike; a record it splits into
 * fields with stray quotes does not count. Quoted fields count as one, so a file whose cells hold
 * the other delimiters (a semicolon CSV with commas in its values, or PartSpec's quoted cells) is
 * found again. A delimiter that leaves a quote unbalanced is ruled out. `preferred` wins ties (a
 * .tsv's tab). Comma when no delimiter splits anything.
 */
export function detectDelimiter(text: string, preferred?: string): string {
  const sample = text.slice(0, 1 << 18);
  let best = { delimiter: preferred ?? ',', score: 0 };
  const order = preferred ? [preferred, ...DELIMITERS.filter((d) => d !== preferred)] : DELIMITERS;
  for (const delimiter of order) {
    let records: TextRecord[];
    try {
      records = parseTextRecords(sample, { delimiter, maxRecords: 200 });
    } catch {
      // A quote this delimiter leaves unbalanced rules it out, unless the sample cut a field short.
      if (sample.length === text.length) continue;
      records = parseTextRecords(sample, { delimiter, maxRecords: 200, lenient: true });
    }
    const counts = new Map<number, number>();
    for (const r of records) {
      if (r.fields.length > 1 && !r.irregular) counts.set(r.fields.length, (counts.get(r.fields.length) ?? 0) + 1);
    }
    // The delimiters that split records into one common width: records of that width times their delimiters.
    for (const [fields, count] of counts) {
      const score = count * (fields - 1);
      if (score > best.score) best = { delimiter, score };
    }
  }
  return best.delimiter;
}
