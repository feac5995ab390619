import { ValidationError } from '../errors/validation-error';
import { VALUE_SEPARATOR, type CategoryId } from '../vocabulary';
import type { Condition, Filter, NumberOperator } from './ast';

function checkValues(field: string, values: readonly string[]): string[] {
  const bad = values.find((v) => v.includes(VALUE_SEPARATOR));
  if (bad !== undefined) {
    throw new ValidationError('valueNotAllowed', `'${bad}' for ${field} contains '|', which separates values and cannot be part of one.`, {
      field,
      token: bad,
    });
  }
  return [...values];
}

/** Conditions on one field, typed by what the field may be compared with. */
export interface FieldConditions {
  eq(value: string | number | boolean): Condition;
  in(values: readonly string[]): Condition;
  startsWith(...values: string[]): Condition;
  contains(...values: string[]): Condition;
  ge(value: number): Condition;
  le(value: number): Condition;
  gt(value: number): Condition;
  lt(value: number): Condition;
  /** `field ge low and field le high`: two conditions. */
  between(low: number, high: number): Condition[];
}

/**
 * Starts a condition on a filter field: `where('Capacitance').between(1e-7, 1e-6)`,
 * `where('Status').in(['In Production', 'NRND'])`. Validation against the vocabulary happens
 * when the filter is validated or sent, with the category and language known.
 */
export function where(field: string): FieldConditions {
  const num = (op: NumberOperator) => (value: number): Condition => ({ type: 'number', field, op, value });
  return {
    eq(value) {
      if (typeof value === 'number') return num('eq')(value);
      if (typeof value === 'boolean') return { type: 'boolean', field, value };
      return { type: 'string', field, op: 'eq', values: checkValues(field, [value]) };
    },
    in: (values) => ({ type: 'string', field, op: 'eq', values: checkValues(field, values) }),
    startsWith: (...values) => ({ type: 'string', field, op: 'startswith', values: checkValues(field, values) }),
    contains: (...values) => ({ type: 'string', field, op: 'contains', values: checkValues(field, values) }),
    ge: num('ge'),
    le: num('le'),
    gt: num('gt'),
    lt: num('lt'),
    between: (low, high) => [num('ge')(low), num('le')(high)],
  };
}

/** `Category eq '<id>'`. */
export function inCategory(category: CategoryId): Condition {
  return { type: 'category', value: category };
}

/** Joins conditions (or groups of them) with `and`. */
export function and(...parts: (Condition | Condition[] | Filter)[]): Filter {
  const conditions: Condition[] = [];
  for (const p of parts) {
    if (Array.isArray(p)) conditions.push(...p);
    else if ('conditions' in p) conditions.push(...p.conditions);
    else conditions.push(p);
  }
  return { conditions };
}
