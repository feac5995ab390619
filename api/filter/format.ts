import { formatPlainDecimal } from '../units';
import { CATEGORY_FILTER_FIELD, VALUE_SEPARATOR } from '../vocabulary';
import type { Condition, Filter, OrderByItem } from './ast';

/** Writes a string literal with OData quote doubling. */
export function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Writes one condition in the API's syntax. */
export function formatCondition(c: Condition): string {
  switch (c.type) {
    case 'category':
      return `${CATEGORY_FILTER_FIELD} eq ${quote(c.value)}`;
    case 'string': {
      const literal = quote(c.values.join(VALUE_SEPARATOR));
      return c.op === 'eq' ? `${c.field} eq ${literal}` : `${c.op}(${c.field},${literal})`;
    }
    case 'number':
      return `${c.field} ${c.op} ${formatPlainDecimal(c.value)}`;
    case 'boolean':
      return `${c.field} eq ${c.value}`;
  }
}

/** Writes a filter in the API's syntax (not yet URL-encoded); numbers are plain decimals. */
export function formatFilter(filter: Filter): string {
  return filter.conditions.map(formatCondition).join(' and ');
}

export function formatOrderBy(items: readonly OrderByItem[]): string {
  return items.map((i) => `${i.field} ${i.direction}`).join(',');
}

/**
 * Percent-encodes a query parameter value as the spec requires: UTF-8, `±` → %C2%B1, `%` → %25,
 * `|` → %7C, and `#` → %23 (otherwise everything after it is lost). The quote is sent as %27
 * because the URL parser of fetch encodes it in a query anyway; encoding it here keeps the byte
 * count of the URL budget equal to what goes on the wire.
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/'/g, '%27');
}
