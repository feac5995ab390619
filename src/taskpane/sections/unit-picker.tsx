import { Select, makeStyles } from '@fluentui/react-components';
import { datasheetLabelOf, unitOptionsOf } from '../../settings/field-units';
import { useUi } from '../ui-context';

const useStyles = makeStyles({
  select: { minWidth: '9.5em', maxWidth: '11em', marginLeft: 'auto' },
});

export interface UnitPickerProps {
  /** Vocabulary key of the numeric field (`Specs.Capacitance`). */
  fieldKey: string;
  /** The chosen unit; '' for the datasheet display. */
  value: string;
  onChange: (unit: string) => void;
  disabled: boolean;
  testId: string;
}

/**
 * The unit of one numeric column: the datasheet display by default (pF / nF / µF, each cell with
 * its own prefix), or one unit for plain numbers (nF, or F for SI) when a formula downstream needs it.
 */
export function UnitPicker({ fieldKey, value, onChange, disabled, testId }: UnitPickerProps): JSX.Element | null {
  const styles = useStyles();
  const { t } = useUi();
  const options = unitOptionsOf(fieldKey);
  if (options.length === 0) return null;
  return (
    <Select
      size="small"
      className={styles.select}
      value={options.includes(value) ? value : ''}
      disabled={disabled}
      aria-label={t('unitOf', { field: fieldKey.split('.').pop() ?? fieldKey })}
      onChange={(_, d) => onChange(d.value)}
      data-testid={testId}
    >
      <option value="">{t('unitDatasheet', { units: datasheetLabelOf(fieldKey) })}</option>
      {options.map((unit) => (
        <option key={unit} value={unit}>
          {unit}
        </option>
      ))}
    </Select>
  );
}
