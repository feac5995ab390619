import { ValidationError } from '../errors/validation-error';
import {
  CATEGORY_IDS,
  DEFAULT_LANG,
  FILTER_FIELDS,
  VALUE_FIELDS,
  allowedValues,
  categoriesOfFilterField,
  getFilterField,
  isFilterFieldUsable,
  listValuesOf,
  suggestName,
  CATEGORY_FILTER_FIELD,
  VALUE_SEPARATOR,
  type CategoryId,
  type FilterFieldDef,
  type Lang,
} from '../vocabulary';
import { column } from './tokenize';
import type { Condition, Filter } from './ast';

export interface FilterOptions {
  /**
   * The category chosen outside the filter (a search's `category`); a Category condition in the
   * filter must agree with it.
   */
  category?: CategoryId;
  /** Language of list values. @default 'en' */
  lang?: Lang;
  /**
   * `user`: text a person types (names and keywords case-insensitive, numbers with SI prefixes
   * and units). `wire`: the API's own syntax, as the service receives it.
   * @default 'user'
   */
  syntax?: 'user' | 'wire';
}

const quoteList = (values: readonly string[]): string => values.map((v) => `'${v}'`).join(', ');
const where = (pos: number | undefined): string => (pos === undefined ? '' : ` at character ${column(pos)}`);

/** An error for a name that is not a filter field, with the most useful hint we can give. */
export function unknownFieldError(name: string, pos?: number): ValidationError {
  const response = VALUE_FIELDS.find((f) => f.name.toLowerCase() === name.toLowerCase());
  const alias = response && FILTER_FIELDS.find((f) => f.responseKey === response.key);
  let hint: string;
  if (alias) hint = ` — filter on '${alias.name}' instead`;
  else if (response) hint = `: '${response.name}' is returned but cannot be filtered`;
  else {
    const suggestion = suggestName(name, [CATEGORY_FILTER_FIELD, ...FILTER_FIELDS.map((f) => f.name)]);
    hint = suggestion ? ` — did you mean '${suggestion}'?` : '';
  }
  return new ValidationError('unknownField', `Unknown filter field '${name}'${where(pos)}${hint}`, {
    position: pos,
    token: name,
    field: name,
  });
}

/** Checks one condition's field, operator and values (not its category applicability). */
export function checkCondition(condition: Condition, lang: Lang): ValidationError | undefined {
  if (condition.type === 'category') {
    return (CATEGORY_IDS as readonly string[]).includes(condition.value)
      ? undefined
      : unknownCategoryError(condition.value, condition.at?.value);
  }
  const field = getFilterField(condition.field);
  if (!field) return unknownFieldError(condition.field, condition.at?.field);
  const opPos = condition.at?.operator;
  const valuePos = condition.at?.value;
  const details = { field: field.name, position: opPos };
  switch (condition.type) {
    case 'string': {
      if (field.type !== 'String') {
        return new ValidationError(
          'operatorNotAllowed',
          `${field.name} is a ${field.type === 'Double' ? 'number' : 'Boolean'} field${where(opPos)}: ${
            field.type === 'Double' ? 'compare it with eq, ge, le, gt or lt and a number without quotes' : 'write eq true or eq false'
          }.`,
          { ...details, token: condition.op },
        );
      }
      const list = listValuesOf(field);
      if (list && condition.op !== 'eq') {
        return new ValidationError(
          'operatorNotAllowed',
          `${field.name} accepts exact match only (${field.name} eq '…'), not ${condition.op}${where(opPos)}.`,
          { ...details, token: condition.op },
        );
      }
      if (condition.values.length === 0 || condition.values.some((v) => v === '')) {
        return new ValidationError('emptyValue', `${field.name} has an empty value${where(valuePos)}.`, {
          field: field.name,
          position: valuePos,
        });
      }
      if (list) {
        const allowed = allowedValues(list, lang);
        const bad = condition.values.find((v) => !allowed.includes(v));
        if (bad !== undefined) {
          return new ValidationError(
            'valueNotAllowed',
            `'${bad}' is not an allowed value of ${field.name} in language ${lang}${where(valuePos)}; allowed: ${quoteList(allowed)}.`,
            { field: field.name, position: valuePos, token: bad },
          );
        }
      }
      return undefined;
    }
    case 'number':
      if (field.type !== 'Double') {
        return new ValidationError(
          'operatorNotAllowed',
          `${field.name} is a ${field.type === 'String' ? 'text' : 'Boolean'} field${where(valuePos)}: ${
            field.type === 'String' ? `quote the value (${field.name} eq '…')` : 'write eq true or eq false'
          }.`,
          { ...details, token: condition.op },
        );
      }
      if (!Number.isFinite(condition.value)) {
        return new ValidationError('malformedNumber', `${field.name} needs a finite number${where(valuePos)}.`, {
          field: field.name,
          position: valuePos,
        });
      }
      return undefined;
    case 'boolean':
      if (field.type !== 'Boolean') {
        return new ValidationError(
          'operatorNotAllowed',
          `${field.name} is not a Boolean field${where(valuePos)}: true and false apply to ${FILTER_FIELDS.filter((f) => f.type === 'Boolean')
            .map((f) => f.name)
            .join(', ')}.`,
          { ...details, token: String(condition.value) },
        );
      }
      return undefined;
  }
}

export function unknownCategoryError(value: string, pos?: number): ValidationError {
  const suggestion = suggestName(value, CATEGORY_IDS);
  return new ValidationError(
    'unknownCategory',
    `'${value}' is not a category ID${where(pos)}${suggestion ? ` — did you mean '${suggestion}'?` : ''}; use ${CATEGORY_IDS.join(', ')}.`,
    { position: pos, token: value, field: CATEGORY_FILTER_FIELD },
  );
}

/** Why a field cannot be used with a category (undefined when it can). */
export function applicabilityError(field: FilterFieldDef, category: CategoryId | undefined, pos?: number): ValidationError | undefined {
  if (isFilterFieldUsable(field, category)) return undefined;
  const usable = categoriesOfFilterField(field).join(', ');
  if (category === undefined) {
    return new ValidationError(
      'categoryRequired',
      `${field.name}${where(pos)} needs a Category condition: it is usable with ${usable}.`,
      { position: pos, field: field.name, token: field.name },
    );
  }
  return new ValidationError(
    'fieldNotUsable',
    `${field.name}${where(pos)} is not usable with category ${category}; it is usable with ${usable}.`,
    { position: pos, field: field.name, token: field.name },
  );
}

/**
 * Every problem of a filter, in order: unknown fields, operators that do not fit the type,
 * values not allowed in `lang`, Category given twice or in conflict with `options.category`,
 * fields not usable with the category. Empty when the filter can be sent.
 */
export function validateFilter(filter: Filter, options: FilterOptions = {}): ValidationError[] {
  const lang = options.lang ?? DEFAULT_LANG;
  const problems: ValidationError[] = [];
  let category = options.category;
  let categorySeen = false;
  for (const c of filter.conditions) {
    const problem = checkCondition(c, lang);
    if (problem) {
      problems.push(problem);
      continue;
    }
    if (c.type !== 'category') continue;
    if (categorySeen) {
      problems.push(
        new ValidationError('duplicateCategory', `Category is given twice${where(c.at?.field)}; a filter takes one Category condition.`, {
          position: c.at?.field,
          field: CATEGORY_FILTER_FIELD,
        }),
      );
    } else if (options.category !== undefined && c.value !== options.category) {
      problems.push(
        new ValidationError(
          'conflictingCategory',
          `The filter's Category '${c.value}'${where(c.at?.value)} differs from the chosen category '${options.category}'.`,
          { position: c.at?.value, field: CATEGORY_FILTER_FIELD, token: c.value },
        ),
      );
    }
    categorySeen = true;
    category = c.value;
  }
  for (const c of filter.conditions) {
    if (c.type === 'category') continue;
    const field = getFilterField(c.field);
    const problem = field && applicabilityError(field, category, c.at?.field);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Throws the first problem of a filter. */
export function assertValidFilter(filter: Filter, options: FilterOptions = {}): void {
  const [first] = validateFilter(filter, options);
  if (first) throw first;
}

/** Splits a quoted value into its several values (`'A|B'` → A, B). */
export function splitValues(value: string): string[] {
  return value.split(VALUE_SEPARATOR);
}
