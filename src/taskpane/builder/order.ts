import { isValidationError } from '../../../api/errors/validation-error';
import { formatOrderBy, parseOrderBy, type OrderByItem } from '../../../api/filter';
import type { CategoryId } from '../../../api/vocabulary';
import { createRowId } from './conditions';

/** One `$orderby` item as the form edits it. */
export interface OrderRow {
  id: string;
  /** Filter field name, or '' until one is chosen. */
  field: string;
  direction: 'asc' | 'desc';
}

export function createOrderRow(): OrderRow {
  return { id: createRowId(), field: '', direction: 'asc' };
}

/** The order items of the rows that name a field. */
export function orderRowsToItems(rows: readonly OrderRow[]): OrderByItem[] {
  return rows.filter((r) => r.field !== '').map((r) => ({ field: r.field, direction: r.direction }));
}

/** Why the order cannot be sent with the category (a field not usable with it, a field twice), or undefined. */
export function validateOrder(rows: readonly OrderRow[], category: CategoryId | undefined): string | undefined {
  try {
    parseOrderBy(formatOrderBy(orderRowsToItems(rows)), { category, syntax: 'wire' });
    return undefined;
  } catch (error) {
    if (isValidationError(error)) return error.message;
    throw error;
  }
}
