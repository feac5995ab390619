import { Button, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { filterFieldsFor, type CategoryId } from '../../../api/vocabulary';
import { createOrderRow, validateOrder, type OrderRow } from '../builder/order';
import { useUi } from '../ui-context';
import { ErrorMessage, useSectionStyles } from './common';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'end',
  },
});

export interface OrderEditorProps {
  category: CategoryId | undefined;
  rows: OrderRow[];
  onChange: (rows: OrderRow[]) => void;
  disabled: boolean;
}

/** `$orderby`: fields usable with the category, each ascending or descending. */
export function OrderEditor({ category, rows, onChange, disabled }: OrderEditorProps): JSX.Element {
  const styles = useStyles();
  const section = useSectionStyles();
  const { t } = useUi();
  const fields = filterFieldsFor(category);
  const problem = validateOrder(rows, category);
  const update = (i: number, row: OrderRow): void => onChange(rows.map((r, j) => (j === i ? row : r)));

  return (
    <fieldset className={section.group} data-testid="search-order">
      <legend className={section.legend}>{t('orderBy')}</legend>
      {rows.map((row, i) => (
        <div key={row.id} className={styles.row} data-testid={`order-${i}`}>
          <Field label={t('field')}>
            <Select value={row.field} disabled={disabled} onChange={(_, d) => update(i, { ...row, field: d.value })} data-testid={`order-${i}-field`}>
              <option value="">{t('chooseField')}</option>
              {row.field && !fields.some((f) => f.name === row.field) ? <option value={row.field}>{row.field}</option> : null}
              {fields.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('direction')}>
            <Select
              value={row.direction}
              disabled={disabled}
              onChange={(_, d) => update(i, { ...row, direction: d.value === 'desc' ? 'desc' : 'asc' })}
              data-testid={`order-${i}-direction`}
            >
              <option value="asc">{t('ascending')}</option>
              <option value="desc">{t('descending')}</option>
            </Select>
          </Field>
          <Button
            disabled={disabled}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            aria-label={`${t('remove')}: ${t('orderBy')} ${i + 1}`}
            data-testid={`order-${i}-remove`}
          >
            {t('remove')}
          </Button>
        </div>
      ))}
      <ErrorMessage testId="search-order-problem" message={problem} />
      <div className={section.actions}>
        <Button size="small" disabled={disabled} onClick={() => onChange([...rows, createOrderRow()])} data-testid="search-add-order">
          {t('addOrder')}
        </Button>
      </div>
    </fieldset>
  );
}
