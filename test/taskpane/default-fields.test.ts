/**
 * One default field list and column order for every shell: the taskpane's first Enrich, the
 * ribbon's Enrich selection (both from the saved preferences, whose default is the list) and
 * `partspec enrich` without --fields all write DEFAULT_ENRICH_FIELDS, in its order.
 */
import { DEFAULT_ENRICH_FIELDS } from '../../core/enrich/default-fields';
import { buildEnrichmentColumns } from '../../core/enrich/enrich-plan';
import { defaultPreferences } from '../../src/settings/settings';
import { toFieldChoices } from '../../src/settings/field-units';
import { keepChosenOrder } from '../../src/taskpane/builder/presets';
import { enrichCommand } from '../../cli/commands/enrich';

test('the taskpane and the ribbon start from the one list, in its order', () => {
  const preferences = defaultPreferences('http://127.0.0.1:4010');
  expect(preferences.enrichFields).toEqual([...DEFAULT_ENRICH_FIELDS]);
  // The enrich section's first selection keeps that order (the field picker no longer re-sorts it).
  expect(keepChosenOrder(preferences.enrichFields)).toEqual([...DEFAULT_ENRICH_FIELDS]);
  // The ribbon's choices are the preferences' keys as they stand.
  expect(toFieldChoices(preferences.enrichFields, preferences.enrichUnits)).toEqual([...DEFAULT_ENRICH_FIELDS]);
});

test('picking more fields keeps the order they were chosen in; a field the category does not return is dropped', () => {
  expect(keepChosenOrder(['Status', 'Specs.Capacitance', 'Status', 'Specs.Inductance'], 'ceramicCapacitorsSMD')).toEqual(['Status', 'Specs.Capacitance']);
});

test('the command line names the same list in its help and writes it in the same order', () => {
  expect(enrichCommand.usage).toContain(`(default: ${DEFAULT_ENRICH_FIELDS.join(',')})`);
  const columns = buildEnrichmentColumns({ fields: DEFAULT_ENRICH_FIELDS }).filter((c) => c.field).map((c) => c.id);
  expect(columns).toEqual([...DEFAULT_ENRICH_FIELDS]);
});
