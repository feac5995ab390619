import {
  CATEGORIES,
  GROUPS,
  VALUE_FIELDS,
  filterFieldsFor,
  getField,
  type CategoryId,
  type FieldDef,
  type Group,
} from '../../../api/vocabulary';

export const COLUMN_PRESETS = ['keySpecs', 'lifecycle', 'compliance', 'dimensions', 'all'] as const;
export type ColumnPreset = (typeof COLUMN_PRESETS)[number];

/** The field every preset starts with: a row without its part number means nothing. */
const PART_NUMBER_KEY = 'Partno';

/** Groups whose products a category returns (every group when no category is chosen). */
function groupsOf(category: CategoryId | undefined): readonly Group[] {
  return category ? CATEGORIES[category].groups : GROUPS;
}

/** Value fields returned for at least one of the category's groups, in the vocabulary's order. */
export function columnChoices(category: CategoryId | undefined): FieldDef[] {
  const groups = groupsOf(category);
  return VALUE_FIELDS.filter((f) => f.groups.some((g) => groups.includes(g)));
}

const isDimension = (f: FieldDef): boolean =>
  f.level === 'Specs' && !f.textOf && (f.unit === 'm' || f.name.startsWith('Sizecode') || f.name === 'Dimension');

/** What makes a field part of a preset, read from the vocabulary's own facts. */
function presetTest(preset: ColumnPreset, category: CategoryId | undefined): (f: FieldDef) => boolean {
  switch (preset) {
    case 'keySpecs': {
      // The specs a user can filter on are the ones the spec treats as selection criteria.
      const filterable = new Set(filterFieldsFor(category).map((ff) => ff.responseKey));
      return (f) => f.values === 'Status' || (f.level === 'Specs' && filterable.has(f.key) && !isDimension(f) && f.unit !== 'g');
    }
    case 'lifecycle':
      return (f) =>
        f.values === 'Status' || f.type === 'Date' || !!f.dateLike || (f.level === 'product' && f.type === 'Boolean') || f.key === 'AlternativePartno';
    case 'compliance':
      return (f) => f.level === 'ComplianceInfo';
    case 'dimensions':
      return isDimension;
    case 'all':
      return () => true;
  }
}

/** The field keys of a preset for a category: the part number first, then the preset's fields the category returns. */
export function presetFields(preset: ColumnPreset, category: CategoryId | undefined): string[] {
  const test = presetTest(preset, category);
  const keys = columnChoices(category)
    .filter(test)
    .map((f) => f.key)
    .filter((k) => k !== PART_NUMBER_KEY);
  return getField(PART_NUMBER_KEY) ? [PART_NUMBER_KEY, ...keys] : keys;
}

/**
 * Keeps only the chosen keys the category returns, in the order chosen: an enrichment's columns
 * come in the order of the default field list (DEFAULT_ENRICH_FIELDS) and then as picked, in the
 * taskpane, the ribbon and the command line alike.
 */
export function keepChosenOrder(keys: readonly string[], category?: CategoryId): string[] {
  const available = new Set(columnChoices(category).map((f) => f.key));
  return [...new Set(keys)].filter((k) => available.has(k));
}

/** Keeps only the chosen keys the category returns, in the vocabulary's order. */
export function keepColumnsFor(keys: readonly string[], category: CategoryId | undefined): string[] {
  const chosen = new Set(keys);
  return columnChoices(category)
    .map((f) => f.key)
    .filter((k) => chosen.has(k));
}
