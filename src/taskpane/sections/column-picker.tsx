import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CategoryId } from '../../../api/vocabulary';
import { COLUMN_PRESETS, columnChoices, presetFields, type ColumnPreset } from '../builder/presets';
import { columnLabel } from '../builder/cells';
import { useUi } from '../ui-context';
import { useSectionStyles } from './common';
import { UnitPicker } from './unit-picker';

const useStyles = makeStyles({
  list: {
    maxHeight: '220px',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    paddingLeft: tokens.spacingHorizontalXS,
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

/**
 * What the picker shows as chosen: a preset (followed when the category changes) or the user's own
 * list, and the unit picked per numeric field (absent: the datasheet display).
 */
export type ColumnSelection = { preset: ColumnPreset | 'custom'; keys: string[]; units?: Record<string, string> };

export interface ColumnPickerProps {
  category: CategoryId | undefined;
  selection: ColumnSelection;
  onChange: (selection: ColumnSelection) => void;
  disabled: boolean;
  /** Prefix of the data-testids (`search-columns`, `enrich-fields`). */
  testId: string;
  legend: string;
}

/** Fields to write, from the vocabulary for the category, with presets. */
export function ColumnPicker({ category, selection, onChange, disabled, testId, legend }: ColumnPickerProps): JSX.Element {
  const styles = useStyles();
  const section = useSectionStyles();
  const { t, uiLang } = useUi();
  const choices = columnChoices(category);
  const chosen = new Set(selection.keys);

  // The columns keep the order they were chosen in (the defaults' order first), as the command line writes them.
  const toggle = (key: string, on: boolean): void => {
    const rest = selection.keys.filter((k) => k !== key);
    onChange({ preset: 'custom', keys: on ? [...rest, key] : rest, units: selection.units });
  };

  const pickUnit = (key: string, unit: string): void => {
    const units = { ...selection.units };
    if (unit) units[key] = unit;
    else delete units[key];
    onChange({ ...selection, units });
  };

  return (
    <fieldset className={section.group} data-testid={testId}>
      <legend className={section.legend}>{legend}</legend>
      <div className={section.actions} role="group" aria-label={legend}>
        {COLUMN_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="small"
            disabled={disabled}
            appearance={selection.preset === preset ? 'primary' : 'secondary'}
            aria-pressed={selection.preset === preset}
            onClick={() => onChange({ preset, keys: presetFields(preset, category), units: selection.units })}
            data-testid={`${testId}-preset-${preset}`}
          >
            {t(`preset_${preset}`)}
          </Button>
        ))}
      </div>
      <Text size={200} className={section.muted} data-testid={`${testId}-count`}>
        {t('columnsChosen', { n: choices.filter((f) => chosen.has(f.key)).length, total: choices.length })}
      </Text>
      <div className={styles.list}>
        {choices.map((f) => (
          <div key={f.key} className={styles.row}>
            <Checkbox
              label={columnLabel(f.key, uiLang)}
              title={f.key}
              checked={chosen.has(f.key)}
              disabled={disabled}
              onChange={(_, d) => toggle(f.key, d.checked === true)}
              data-testid={`${testId}-field-${f.key}`}
            />
            {chosen.has(f.key) ? (
              <UnitPicker fieldKey={f.key} value={selection.units?.[f.key] ?? ''} disabled={disabled} onChange={(unit) => pickUnit(f.key, unit)} testId={`${testId}-unit-${f.key}`} />
            ) : null}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
