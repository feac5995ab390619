/*
 * One rule for a row that stands for several products, used by an enrichment's cells (values and
 * formulas alike) and by =PART.SPEC and =PART.RISK, so both modes give the same answer:
 * - a part number without its package code (Variant) is one part in several packagings: a value
 *   shows where every packaging has the same one, and nothing where they differ;
 * - an ambiguous prefix (the start of several different parts) is no part yet: no value at all,
 *   even where its candidates happen to agree (the candidates of a long prefix may be cut short);
 * - alternatives are the one exception: every packaging's alternatives are the row's, together.
 */
import type { LookupStatus } from '../../api/client/lookup';
import { readValue, type ProductRecord } from '../../api/product';
import type { FieldDef } from '../../api/vocabulary';
import type { DisplayUnit } from '../../api/units';
import { LIST_SEPARATOR, toCellValue, type CellValue } from './cell-values';

/** A lookup's answer for one row, as the client and the enrichment hold it. */
export interface RowProducts {
  status: LookupStatus;
  products: readonly ProductRecord[];
}

/**
 * Why a row shows no value: notFound (no product: not found, invalid, not looked up), ambiguous
 * (the start of several parts), differ (its packagings disagree), missing (none of them has it).
 */
export type NoValue = 'notFound' | 'ambiguous' | 'differ' | 'missing';

/** The value a row shows, or why it shows none. */
export type RowValue<T> = { ok: true; value: T } | { ok: false; why: NoValue };

const none = (why: NoValue): { ok: false; why: NoValue } => ({ ok: false, why });

/** The products a row's values come from, or why there are none: exact and variant rows with products only. */
function productsOfRow(row: RowProducts | undefined): readonly ProductRecord[] | NoValue {
  if (row?.status === 'ambiguous') return 'ambiguous';
  if (!row || (row.status !== 'exact' && row.status !== 'variant') || row.products.length === 0) return 'notFound';
  return row.products;
}

/** The value every product of the row agrees on (see the module comment), read per product by `read`. */
export function agreedValue<T>(row: RowProducts | undefined, read: (product: ProductRecord) => T | undefined): RowValue<T> {
  const products = productsOfRow(row);
  if (typeof products === 'string') return none(products);
  const first = read(products[0]);
  for (let i = 1; i < products.length; i++) if (read(products[i]) !== first) return none('differ');
  return first === undefined ? none('missing') : { ok: true, value: first };
}

/** Every alternative part number of the row's products, each once, in order (=PART.LIST spills them). */
export function alternativeItemsOf(row: RowProducts | undefined): RowValue<string[]> {
  const products = productsOfRow(row);
  if (typeof products === 'string') return none(products);
  const all = new Set<string>();
  for (const product of products) {
    const raw = readValue(product, 'AlternativePartno');
    const items = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : [];
    for (const item of items.map((s) => s.trim())) if (item !== '') all.add(item);
  }
  return all.size === 0 ? none('missing') : { ok: true, value: [...all] };
}

/** The alternatives of the row's products in one cell, as the Alternatives column shows them. */
export function alternativesOf(row: RowProducts | undefined): RowValue<string> {
  const items = alternativeItemsOf(row);
  return items.ok ? { ok: true, value: items.value.join(LIST_SEPARATOR) } : items;
}

/**
 * The cell value of a field for a row: the alternatives together, any other field where every
 * product agrees. `check` runs on each product first (=PART.SPEC refuses a field that does not
 * apply to a product's category).
 */
export function fieldValueOfRow(row: RowProducts | undefined, field: FieldDef, unit?: DisplayUnit, check?: (product: ProductRecord) => void): RowValue<CellValue> {
  if (field.key === 'AlternativePartno') {
    if (check) for (const product of row?.products ?? []) check(product);
    return alternativesOf(row);
  }
  const value = agreedValue(row, (product) => {
    check?.(product);
    return toCellValue(product, field, unit);
  });
  // A synthetic status stays the plain status (=IF(J2="In Production",…) works); the Match cell and the Risk say it is synthetic.
  return value;
}
