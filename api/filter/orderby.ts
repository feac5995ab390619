import { ValidationError } from '../errors/validation-error';
import { FILTER_FIELDS, getFilterField, resolveFilterFieldName, suggestName, type CategoryId } from '../vocabulary';
import type { OrderByItem } from './ast';
import { applicabilityError } from './validate';

export interface OrderByOptions {
  category?: CategoryId;
  /** @default 'user' */
  syntax?: 'user' | 'wire';
}

/**
 * Parses `$orderby`: items joined by a comma, each `<Field> asc` or `<Field> desc` (the direction
 * may be left out and means asc). Fields are the filter fields usable with the category.
 */
export function parseOrderBy(text: string, options: OrderByOptions = {}): OrderByItem[] {
  const user = (options.syntax ?? 'user') === 'user';
  if (text.trim() === '') return [];
  const items: OrderByItem[] = [];
  let offset = 0;
  for (const part of text.split(',')) {
    const pos = offset + (part.length - part.trimStart().length);
    offset += part.length + 1;
    const words = part.trim().split(/\s+/);
    if (words[0] === '' || words.length > 2) {
      throw new ValidationError(
        'badOrderBy',
        `Order item '${part.trim()}' at character ${pos + 1} must be '<Field> asc' or '<Field> desc'.`,
        { position: pos, token: part.trim() },
      );
    }
    const [name, dirText = 'asc'] = words;
    const field = user ? resolveFilterFieldName(name) : getFilterField(name)?.name;
    if (!field) {
      const suggestion = suggestName(name, FILTER_FIELDS.map((f) => f.name));
      throw new ValidationError(
        'badOrderBy',
        `Cannot order by '${name}' at character ${pos + 1}${suggestion ? ` — did you mean '${suggestion}'?` : ': it is not a filter field'}.`,
        { position: pos, token: name, field: name },
      );
    }
    const direction = user ? dirText.toLowerCase() : dirText;
    if (direction !== 'asc' && direction !== 'desc') {
      throw new ValidationError('badOrderBy', `Order direction '${dirText}' for ${field} must be asc or desc.`, {
        position: pos,
        token: dirText,
        field,
      });
    }
    const problem = applicabilityError(getFilterField(field)!, options.category, pos);
    if (problem) throw problem;
    if (items.some((i) => i.field === field)) {
      throw new ValidationError('badOrderBy', `${field} appears twice in the order.`, { position: pos, field });
    }
    items.push({ field, direction });
  }
  return items;
}
