import type { CategoryId } from '../vocabulary';

export type StringOperator = 'eq' | 'startswith' | 'contains';
export type NumberOperator = 'eq' | 'ge' | 'le' | 'gt' | 'lt';
export const STRING_OPERATORS: readonly StringOperator[] = ['eq', 'startswith', 'contains'];
export const NUMBER_OPERATORS: readonly NumberOperator[] = ['eq', 'ge', 'le', 'gt', 'lt'];

/** Where a condition's parts stood in the text it was parsed from (0-based offsets). */
export interface SourcePosition {
  field: number;
  operator: number;
  value: number;
}

/** `Category eq '<id>'`. */
export interface CategoryCondition {
  type: 'category';
  value: CategoryId;
  at?: SourcePosition;
}

/** `startswith(F,'a|b')`, `contains(F,'a')`, `F eq 'a|b'`: any of the values matches. */
export interface StringCondition {
  type: 'string';
  field: string;
  op: StringOperator;
  values: string[];
  at?: SourcePosition;
}

/** `F ge 0.0000001` on a Double field. */
export interface NumberCondition {
  type: 'number';
  field: string;
  op: NumberOperator;
  value: number;
  at?: SourcePosition;
}

/** `F eq true` on a Boolean field. */
export interface BooleanCondition {
  type: 'boolean';
  field: string;
  value: boolean;
  at?: SourcePosition;
}

export type Condition = CategoryCondition | StringCondition | NumberCondition | BooleanCondition;

/** A `$filter`: conditions joined by `and` (v2.2 has no `or`). */
export interface Filter {
  conditions: Condition[];
}

export interface OrderByItem {
  field: string;
  direction: 'asc' | 'desc';
}

/** The category a filter's Category condition names, if any. */
export function categoryOf(filter: Filter): CategoryId | undefined {
  return filter.conditions.find((c): c is CategoryCondition => c.type === 'category')?.value;
}
