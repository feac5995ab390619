import { ValidationError } from '../errors/validation-error';
import { parseQuantity } from '../units';
import {
  CATEGORY_FILTER_FIELD,
  DEFAULT_LANG,
  getField,
  getFilterField,
  isCategoryId,
  resolveFilterFieldName,
} from '../vocabulary';
import { NUMBER_OPERATORS, type Condition, type Filter, type NumberOperator, type StringOperator } from './ast';
import { column, tokenize, type Token } from './tokenize';
import { assertValidFilter, splitValues, unknownCategoryError, unknownFieldError, type FilterOptions } from './validate';

const FUNCTIONS: readonly StringOperator[] = ['startswith', 'contains'];

class Cursor {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly text: string,
  ) {}
  peek(): Token | undefined {
    return this.tokens[this.i];
  }
  next(expected: string): Token {
    const t = this.tokens[this.i];
    if (!t) {
      throw new ValidationError('unexpectedEnd', `The filter ends too early: ${expected} is missing at the end of '${this.text.trim()}'.`, {
        position: this.text.length,
      });
    }
    this.i++;
    return t;
  }
  done(): boolean {
    return this.i >= this.tokens.length;
  }
}

const unexpected = (t: Token, expected: string): ValidationError =>
  new ValidationError('unexpectedToken', `Unexpected '${t.raw}' at character ${column(t.pos)}: expected ${expected}.`, {
    position: t.pos,
    token: t.raw,
  });

const same = (a: string, b: string, user: boolean): boolean => (user ? a.toLowerCase() === b.toLowerCase() : a === b);

/**
 * Parses a `$filter` as text into conditions and validates it against the vocabulary for the
 * category and language, so that nothing invalid is ever sent. Throws a ValidationError naming
 * the field, value or token and its position. Empty text is an empty filter.
 */
export function parseFilter(text: string, options: FilterOptions = {}): Filter {
  const user = (options.syntax ?? 'user') === 'user';
  const lang = options.lang ?? DEFAULT_LANG;
  const cursor = new Cursor(tokenize(text, user), text);
  const conditions: Condition[] = [];
  if (cursor.done()) return { conditions };
  for (;;) {
    conditions.push(parseCondition(cursor, user));
    if (cursor.done()) break;
    const joiner = cursor.next("'and'");
    if (joiner.kind !== 'ident' || !same(joiner.text, 'and', user)) {
      if (joiner.kind === 'ident' && joiner.text.toLowerCase() === 'or') {
        throw new ValidationError(
          'unexpectedToken',
          `'or' at character ${column(joiner.pos)} is not part of API v2.2: conditions are joined with 'and'; for several values of one field write them in one quote separated by | ('A|B').`,
          { position: joiner.pos, token: joiner.raw },
        );
      }
      throw unexpected(joiner, "'and' between conditions");
    }
    if (cursor.done()) throw cursor.next('a condition');
  }
  const filter = { conditions };
  assertValidFilter(filter, { ...options, lang });
  return filter;
}

function parseCondition(cursor: Cursor, user: boolean): Condition {
  const head = cursor.next('a condition');
  if (head.kind !== 'ident') throw unexpected(head, 'a field name or startswith(…)/contains(…)');
  const fn = FUNCTIONS.find((f) => same(head.text, f, user));
  if (fn) {
    const open = cursor.next("'('");
    if (open.kind !== 'lparen') throw unexpected(open, `'(' after ${fn}`);
    const fieldToken = cursor.next('a field name');
    if (fieldToken.kind !== 'ident') throw unexpected(fieldToken, 'a field name');
    const field = resolveName(fieldToken, user);
    const comma = cursor.next("','");
    if (comma.kind !== 'comma') throw unexpected(comma, `',' after ${fieldToken.text}`);
    const value = cursor.next('a quoted value');
    if (value.kind !== 'string') throw unexpected(value, `a quoted value, as in ${fn}(${field},'…')`);
    const close = cursor.next("')'");
    if (close.kind !== 'rparen') throw unexpected(close, `')' to close ${fn}(`);
    return {
      type: 'string',
      field,
      op: fn,
      values: splitValues(value.text),
      at: { field: fieldToken.pos, operator: head.pos, value: value.pos },
    };
  }
  const field = resolveName(head, user);
  const opToken = cursor.next(`an operator after ${field}`);
  const op = opToken.kind === 'ident' ? [...NUMBER_OPERATORS].find((o) => same(opToken.text, o, user)) : undefined;
  if (!op) throw unexpected(opToken, `an operator (eq, ge, le, gt, lt) after ${field}`);
  const valueToken = cursor.next(`a value after '${field} ${op}'`);
  const at = { field: head.pos, operator: opToken.pos, value: valueToken.pos };

  if (field === CATEGORY_FILTER_FIELD) {
    if (op !== 'eq' || valueToken.kind !== 'string') {
      throw new ValidationError('operatorNotAllowed', `Category takes one category ID: Category eq '<id>' (at character ${column(head.pos)}).`, {
        position: head.pos,
        field,
      });
    }
    if (!isCategoryId(valueToken.text)) throw unknownCategoryError(valueToken.text, valueToken.pos);
    return { type: 'category', value: valueToken.text, at };
  }

  const def = getFilterField(field);
  if (valueToken.kind === 'string') {
    if (op !== 'eq') {
      throw new ValidationError(
        'operatorNotAllowed',
        `'${op}' compares numbers, but ${field} has a quoted value at character ${column(valueToken.pos)}: use eq, startswith(…) or contains(…).`,
        { position: opToken.pos, token: op, field },
      );
    }
    if (def?.type === 'Double') {
      throw new ValidationError(
        'malformedNumber',
        `${field} is a number: write ${valueToken.text || 'it'} without quotes (character ${column(valueToken.pos)}).`,
        { position: valueToken.pos, token: valueToken.raw, field },
      );
    }
    return { type: 'string', field, op: 'eq', values: splitValues(valueToken.text), at };
  }
  if (valueToken.kind === 'ident' && (same(valueToken.text, 'true', user) || same(valueToken.text, 'false', user))) {
    if (op !== 'eq') {
      throw new ValidationError('operatorNotAllowed', `${field} eq true or eq false: '${op}' does not apply to a Boolean (character ${column(opToken.pos)}).`, {
        position: opToken.pos,
        token: op,
        field,
      });
    }
    return { type: 'boolean', field, value: valueToken.text.toLowerCase() === 'true', at };
  }
  if (valueToken.kind === 'number') {
    if (def && def.type !== 'Double') {
      const hint = def.type === 'String' ? `quote the value (${field} eq '${valueToken.text}')` : 'write true or false';
      throw new ValidationError('operatorNotAllowed', `${field} is not a number field: ${hint} (character ${column(valueToken.pos)}).`, {
        position: valueToken.pos,
        token: valueToken.raw,
        field,
      });
    }
    const unit = def ? getField(def.responseKey)?.unit : undefined;
    const parsed = user ? parseQuantity(valueToken.text, unit) : parseWireNumber(valueToken.text);
    if (!parsed.ok) {
      throw new ValidationError('malformedNumber', `Malformed number for ${field} at character ${column(valueToken.pos)}: ${parsed.message}.`, {
        position: valueToken.pos,
        token: valueToken.raw,
        field,
      });
    }
    return { type: 'number', field, op: op as NumberOperator, value: parsed.value, at };
  }
  throw unexpected(valueToken, `a value for ${field}: a quoted text, a number, true or false`);
}

function resolveName(token: Token, user: boolean): string {
  if (token.text === CATEGORY_FILTER_FIELD || (user && token.text.toLowerCase() === 'category')) return CATEGORY_FILTER_FIELD;
  const name = user ? resolveFilterFieldName(token.text) : getFilterField(token.text)?.name;
  if (!name) throw unknownFieldError(token.text, token.pos);
  return name;
}

function parseWireNumber(text: string): { ok: true; value: number } | { ok: false; message: string } {
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) return { ok: false, message: `'${text}' is not a decimal number` };
  const value = Number(text);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: `'${text}' is out of range` };
}
