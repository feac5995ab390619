import {
  CATEGORIES,
  categoryOfGroup,
  filterFieldsFor,
  getField,
  type CategoryId,
  type FieldDef,
  type Group,
} from './index';

/** Fields that lead every table and card: what the part is and where it stands. */
const IDENTITY_KEYS = ['Partno', 'Status'] as const;

/**
 * The key specs of a category, derived from the vocabulary rather than listed: the Specs that
 * can be filtered in this category but not in every category (so they characterize it), without
 * the physical dimensions (unit m) and without the allowed-value classifications. For
 * capacitors that is capacitance, tolerance, rated voltage, temperature characteristics…; for
 * inductors inductance, tolerance, rated current, Rdc, SRF and the size codes.
 */
function keySpecFields(category: CategoryId): FieldDef[] {
  const groups = CATEGORIES[category].groups;
  const keys = filterFieldsFor(category)
    .filter((f) => !f.usableWith.includes('All'))
    .map((f) => getField(f.responseKey))
    .filter((f): f is FieldDef => !!f && f.level === 'Specs' && f.unit !== 'm' && !f.values && f.groups.some((g) => groups.includes(g)));
  return [...new Set(keys)];
}

/** PART.QUERY's columns when none are given: part number, status, then the key specs. */
export function defaultSearchFields(category: CategoryId): FieldDef[] {
  const identity = IDENTITY_KEYS.map((k) => getField(k)).filter((f): f is FieldDef => !!f);
  return [...identity, ...keySpecFields(category)];
}

/** The key specs of the group a product belongs to. */
export function keySpecFieldsOfGroup(group: Group): FieldDef[] {
  return keySpecFields(categoryOfGroup(group));
}

