import { DownloadFormatError } from '../errors/download-format-error';
import type { FieldValue, ProductRecord } from '../product';
import { CATEGORIES, GROUPS, VALUE_FIELDS, getField, groupOfObjectName, type CategoryId, type FieldDef, type Group } from '../vocabulary';
import { recordOf, valueReader } from '../normalize';

/*
 * Rows of a table file (CSV, TSV, the first sheet of an xlsx) into product records. The header row
 * names fields, as record keys (`Specs.Capacitance`) or bare names (`Capacitance`); a column named
 * Group, Category or ProductGroup says which group a row belongs to.
 */

const BY_NAME = new Map<string, FieldDef>();
for (const f of VALUE_FIELDS) if (!BY_NAME.has(f.name)) BY_NAME.set(f.name, f);

/** The field a header cell names: a record key (`Specs.Capacitance`) or a bare name (`Capacitance`). */
function fieldOfHeader(header: string): FieldDef | undefined {
  const h = header.trim();
  const byKey = getField(h);
  if (byKey && VALUE_FIELDS.includes(byKey)) return byKey;
  return BY_NAME.get(h.split('.').pop() ?? h);
}

const GROUP_HEADERS = ['group', 'category', 'productgroup'];

function groupOfCell(text: string | undefined): Group | undefined {
  if (!text) return undefined;
  const t = text.trim();
  return (GROUPS as readonly string[]).includes(t) ? (t as Group) : (groupOfObjectName(t) ?? (t in CATEGORIES ? CATEGORIES[t as CategoryId].groups[0] : undefined));
}

/** Reads a cell for a list field: a JSON array, or values separated by `|` or `;`. */
function cellValue(field: FieldDef, cell: string): unknown {
  if (cell === '') return undefined;
  if (field.type === 'List[String]') {
    const t = cell.trim();
    if (t.startsWith('[')) {
      try {
        return JSON.parse(t) as unknown;
      } catch {
        return t;
      }
    }
    return t.split(/[|;]/).map((s) => s.trim());
  }
  return cell;
}

/** The group whose fields the row's filled cells fit best (used when nothing else names it). */
function inferGroup(row: readonly string[], fields: readonly (FieldDef | undefined)[]): Group {
  let best: Group = GROUPS[0];
  let bestScore = -1;
  for (const g of GROUPS) {
    const score = fields.reduce((n, f, i) => n + (f && row[i] !== '' && row[i] !== undefined && f.groups.length < GROUPS.length && f.groups.includes(g) ? 1 : 0), 0);
    if (score > bestScore) {
      best = g;
      bestScore = score;
    }
  }
  return best;
}

/** The one group of a single-group category, used for rows that do not name theirs. */
export function fallbackGroupOf(category: CategoryId | undefined): Group | undefined {
  return category && CATEGORIES[category].groups.length === 1 ? CATEGORIES[category].groups[0] : undefined;
}

/** Turns one data row into a record (undefined for a row without a part number). */
export type RowReader = (row: readonly string[]) => ProductRecord | undefined;

/**
 * The reader of a table's data rows, from its header row. Throws DownloadFormatError (with the
 * file's first characters) when the header names no Partno column, so nothing is written.
 */
export function createRowReader(header: readonly string[], fallbackGroup: Group | undefined, sample: string, kind: string): RowReader {
  if (header.length < 2) throw new DownloadFormatError(`it is not ${kind} with a header row`, sample);
  const fields = header.map((h) => fieldOfHeader(String(h ?? '')));
  const groupColumn = header.findIndex((h) => GROUP_HEADERS.includes(String(h ?? '').trim().toLowerCase()));
  if (!fields.some((f) => f?.key === 'Partno')) throw new DownloadFormatError(`the ${kind} header has no Partno column`, sample);
  const readers = fields.map((field) => field && valueReader(field));
  return (row) => {
    const group = groupOfCell(groupColumn >= 0 ? row[groupColumn] : undefined) ?? fallbackGroup ?? inferGroup(row, fields);
    const entries: [string, FieldValue][] = [];
    fields.forEach((field, i) => {
      if (!field || !field.groups.includes(group) || row[i] === undefined) return;
      const value = readers[i]!(cellValue(field, row[i]));
      if (value !== undefined) entries.push([field.key, value]);
    });
    const values = recordOf(entries);
    return typeof values.Partno === 'string' && values.Partno !== '' ? { group, partno: values.Partno, values } : undefined;
  };
}
