/*
 * What a part's products say about it, read once for the summary and the BOM rules: its end date,
 * its minimum order, a compliance flag; and whether a line without a part number is a fitted line.
 */
import { readValue, type ProductRecord } from '../../api/product';
import { parseCalendarDate } from '../dates';
import { parseQuantity } from './quantities';
import type { EndingPart, SummaryRow } from './types';

/** The earlier of a product's LastBuyDate and ProductionEndDate over its products. */
export function endDateOf(products: readonly ProductRecord[]): { date: Date; text: string; field: EndingPart['dateField'] } | undefined {
  let best: { date: Date; text: string; field: EndingPart['dateField'] } | undefined;
  for (const product of products) {
    for (const field of ['LastBuyDate', 'ProductionEndDate'] as const) {
      const raw = readValue(product, field);
      const date = typeof raw === 'string' ? parseCalendarDate(raw) : undefined;
      if (date && (!best || date.getTime() < best.date.getTime())) best = { date, text: raw as string, field };
    }
  }
  return best;
}

/** The smallest MinOrderQuantity over the products (one reel of the part), when one is given. */
export function minOrderOf(products: readonly ProductRecord[]): number | undefined {
  const quantities = products.map((p) => readValue(p, 'MinOrderQuantity')).filter((q): q is number => typeof q === 'number' && Number.isFinite(q) && q > 0);
  return quantities.length > 0 ? Math.min(...quantities) : undefined;
}

/** Whether the maker confirms a compliance flag for every product of a part: no when one says no, yes when all say yes, else unknown. */
export function flagValue(products: readonly ProductRecord[], flag: string): 'yes' | 'no' | 'unknown' {
  const values = products.map((p) => readValue(p, `ComplianceInfo.${flag}`));
  if (values.some((v) => v === false)) return 'no';
  return values.length > 0 && values.every((v) => v === true) ? 'yes' : 'unknown';
}

/** Whether a row with no part number still says something (a value, a description, a quantity): a fitted line, not a blank one. */
export function saysSomething(row: SummaryRow): boolean {
  return (row.text ?? '') !== '' || row.designators.length > 0 || parseQuantity(row.quantity) !== undefined;
}
