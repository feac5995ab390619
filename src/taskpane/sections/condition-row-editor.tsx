import { Button, Dropdown, Field, Input, Option, Select, makeStyles, tokens } from '@fluentui/react-components';
import { allowedValues, getFilterField, listValuesOf } from '../../../api/vocabulary';
import { changeRowField, fieldChoices, operatorsFor, validateRow, valueEditorOf, type BuilderContext, type ConditionRow, type RowOperator, type RowProblem } from '../builder/conditions';
import { previewQuantity, unitOfFilterField } from '../builder/quantity';
import type { Translate } from '../i18n';
import { useUi } from '../ui-context';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
    margin: 0,
  },
  wide: { gridColumn: '1 / -1' },
  value: { gridColumn: '2 / 3' },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
  removeCell: { gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' },
});

/** The sentence for a row's problem, in the pane's language where it is the form's own. */
function rowProblemText(problem: RowProblem, t: Translate): string {
  switch (problem.kind) {
    case 'chooseField':
      return t('problemChooseField');
    case 'enterValue':
      return t('problemEnterValue');
    case 'badNumber':
      return t('problemBadNumber', { detail: problem.detail });
    case 'invalid':
      return problem.message;
  }
}

export interface ConditionRowEditorProps {
  row: ConditionRow;
  index: number;
  context: BuilderContext;
  disabled: boolean;
  /** Also mark rows that are only incomplete (after the user tried to run the search). */
  showIncomplete: boolean;
  onChange: (row: ConditionRow) => void;
  onRemove: () => void;
}

/** One condition: field, operator and value, with the live number preview and the row's problem. */
export function ConditionRowEditor({ row, index, context, disabled, showIncomplete, onChange, onRemove }: ConditionRowEditorProps): JSX.Element {
  const styles = useStyles();
  const { t } = useUi();
  const field = getFilterField(row.field);
  const choices = fieldChoices(context.category);
  const listed = choices.some((f) => f.name === row.field);
  const found = validateRow(row, context);
  const incomplete = found?.kind === 'chooseField' || found?.kind === 'enterValue';
  const problem = incomplete && !showIncomplete ? undefined : found;
  const editor = valueEditorOf(field);
  const testId = `condition-${index}`;
  const label = t('conditionN', { n: index + 1 });

  const valueField = (() => {
    if (!field) return null;
    const problemText = problem && problem.kind !== 'chooseField' ? rowProblemText(problem, t) : undefined;
    const state = problemText ? 'error' : 'none';
    if (editor === 'list') {
      const list = listValuesOf(field)!;
      const options = allowedValues(list, context.lang);
      return (
        <Field className={styles.wide} label={t('values')} validationState={state} validationMessage={problemText}>
          <Dropdown
            multiselect
            disabled={disabled}
            placeholder={t('chooseValues')}
            selectedOptions={row.values}
            value={row.values.join(', ')}
            onOptionSelect={(_, d) => onChange({ ...row, values: options.filter((v) => d.selectedOptions.includes(v)) })}
            data-testid={`${testId}-value`}
          >
            {options.map((v) => (
              <Option key={v} value={v}>
                {v}
              </Option>
            ))}
          </Dropdown>
        </Field>
      );
    }
    if (editor === 'boolean') {
      return (
        <Field className={styles.value} label={t('value')} validationState={state} validationMessage={problemText}>
          <Select value={row.text} disabled={disabled} onChange={(_, d) => onChange({ ...row, text: d.value })} data-testid={`${testId}-value`}>
            <option value="true">{t('true')}</option>
            <option value="false">{t('false')}</option>
          </Select>
        </Field>
      );
    }
    const preview = editor === 'number' ? previewQuantity(row.text, field) : undefined;
    const unit = editor === 'number' ? unitOfFilterField(field) : undefined;
    return (
      <Field
        className={styles.value}
        label={unit ? `${t('value')} (${unit})` : t('value')}
        validationState={state}
        validationMessage={problemText}
        hint={preview?.ok ? t('numberPreview', { display: preview.display, plain: preview.plain }) : editor === 'text' ? t('textValueHint') : undefined}
      >
        <Input
          value={row.text}
          disabled={disabled}
          inputMode={editor === 'number' ? 'decimal' : undefined}
          spellCheck={false}
          onChange={(_, d) => onChange({ ...row, text: d.value })}
          data-testid={`${testId}-value`}
        />
      </Field>
    );
  })();

  return (
    <fieldset className={styles.row} data-testid={testId} aria-label={label}>
      <legend className={styles.legend}>{label}</legend>
      <Field
        className={styles.wide}
        label={t('field')}
        validationState={problem?.kind === 'chooseField' ? 'warning' : 'none'}
        validationMessage={problem?.kind === 'chooseField' ? t('problemChooseField') : undefined}
      >
        <Select value={row.field} disabled={disabled} onChange={(_, d) => onChange(changeRowField(row, d.value))} data-testid={`${testId}-field`}>
          <option value="">{t('chooseField')}</option>
          {!listed && row.field ? <option value={row.field}>{row.field}</option> : null}
          {choices.map((f) => {
            const unit = f.type === 'Double' ? unitOfFilterField(f) : undefined;
            return (
              <option key={f.name} value={f.name}>
                {unit ? `${f.name} (${unit})` : f.name}
              </option>
            );
          })}
        </Select>
      </Field>
      <Field label={t('operator')}>
        <Select
          value={row.op}
          disabled={disabled || !field}
          onChange={(_, d) => onChange({ ...row, op: d.value as RowOperator })}
          data-testid={`${testId}-op`}
        >
          {operatorsFor(field).map((op) => (
            <option key={op} value={op}>
              {t(`op_${op}`)}
            </option>
          ))}
        </Select>
      </Field>
      {valueField}
      <div className={styles.removeCell}>
        <Button size="small" disabled={disabled} onClick={onRemove} aria-label={`${t('remove')}: ${label}`} data-testid={`${testId}-remove`}>
          {t('remove')}
        </Button>
      </div>
    </fieldset>
  );
}
