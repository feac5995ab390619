import { CATEGORIES, VALUE_FIELDS, columnUnitOf, fieldLabel, unitChoicesOf, type FieldDef } from '../../api/vocabulary';
import { categoryFlag, CONNECTION_HELP, CONNECTION_OPTIONS, parseFlags } from '../args';
import { configOf, print, type CommandContext } from '../context';
import { formatTextTable } from '../table-text';
import { EXIT } from '../../node/errors';
import type { Command } from './command';

const USAGE = `usage: partspec fields [CATEGORY] [options]

Lists every field a product has, from the one vocabulary the command line, the add-in and the
service's validator read: the name --fields takes, the display name of its column (in the language
of --lang), the unit its cells are written in (and the units --fields NAME:UNIT accepts), and the
categories it is returned for. With CATEGORY (ceramicCapacitors, ceramicCapacitorsSMD,
ceramicCapacitorsLead, inductors), only that category's fields. Needs no API key.

Options:
  --json                the fields as JSON
${CONNECTION_HELP}`;

/** What the list says of one field. */
interface FieldLine {
  name: string;
  display: string;
  unit: string;
  units: readonly string[];
  type: string;
  categories: string[];
}

/** The categories whose products carry a field. */
function categoriesOf(field: FieldDef): string[] {
  return Object.values(CATEGORIES)
    .filter((c) => c.groups.some((g) => field.groups.includes(g)))
    .map((c) => c.id);
}

export const fieldsCommand: Command = {
  name: 'fields',
  summary: 'list every field with its display name and unit (what --fields takes)',
  usage: USAGE,
  async run(argv, context: CommandContext) {
    const flags = parseFlags(argv, { ...CONNECTION_OPTIONS, json: { type: 'boolean' } }, { min: 0, max: 1, name: 'the category' });
    const wanted = flags.positionals[0];
    const category = wanted === undefined ? undefined : CATEGORIES[categoryFlag(wanted)];
    const { lang } = configOf(context, flags);
    const lines: FieldLine[] = VALUE_FIELDS.filter((f) => !category || category.groups.some((g) => f.groups.includes(g))).map((f) => ({
      name: f.name,
      display: fieldLabel(f, lang),
      unit: columnUnitOf(f) ?? '',
      units: unitChoicesOf(f),
      type: f.type,
      categories: categoriesOf(f),
    }));
    if (flags.bool('json')) {
      await print(context, `${JSON.stringify(lines, null, 2)}\n`);
      return EXIT.ok;
    }
    const table = formatTextTable(
      ['Field', 'Column', 'Unit', 'Other units', 'Type', ...(category ? [] : ['Categories'])],
      lines.map((l) => [l.name, l.display, l.unit, l.units.filter((u) => u !== l.unit).join(' '), l.type, ...(category ? [] : [l.categories.length === Object.keys(CATEGORIES).length ? 'all' : l.categories.join(' ')])]),
    );
    await print(context, table);
    context.note(`${lines.length} fields${category ? ` of ${category.id}` : ''}. --fields takes a name or a display name, with a unit: --fields Capacitance:pF,RatedVoltage.`);
    return EXIT.ok;
  },
};
