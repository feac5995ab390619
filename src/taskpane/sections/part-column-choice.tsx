import { Checkbox, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { BomCandidateInfo, BomColumnInfo } from '../../sheets/bom-tools';
import { useUi } from '../ui-context';
import { InfoMessage, useSectionStyles } from './common';

/** Candidates the picker lists: the likely ones; the full column list stays in "Use another column". */
const CANDIDATES_SHOWN = 5;

const useStyles = makeStyles({
  candidate: { display: 'flex', flexDirection: 'column', rowGap: '2px', paddingTop: '2px', paddingBottom: '2px' },
  samples: { color: tokens.colorNeutralForeground3, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
});

/** A column as the pane names it: `D: MPN`, or `D (no header)`. */
function columnName(column: BomColumnInfo, noHeader: string): string {
  return column.header ? `${column.letter}: ${column.header}` : `${column.letter} ${noHeader}`;
}

export interface CandidatePickerProps {
  candidates: readonly BomCandidateInfo[];
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
}

/**
 * When two columns could be the part numbers: each candidate by letter, header and a few of its
 * values, so the user can tell the maker's part numbers from a distributor's or an internal
 * number. The values come from the sheet and are rendered as text.
 */
export function CandidatePicker({ candidates, value, onChange, disabled }: CandidatePickerProps): JSX.Element {
  const styles = useStyles();
  const { t } = useUi();
  return (
    <div data-testid="enrich-candidates">
      <InfoMessage testId="enrich-ambiguous" intent="warning">
        {t('twoColumns')}
      </InfoMessage>
      <RadioGroup value={value} disabled={disabled} onChange={(_, d) => onChange(d.value)} aria-label={t('partColumn')}>
        {candidates.slice(0, CANDIDATES_SHOWN).map((c) => (
          <div key={c.id} data-testid={`enrich-candidate-${c.letter}`}>
            <Radio
              value={c.id}
              label={
                <span className={styles.candidate}>
                  <Text weight="semibold">{columnName(c, t('candidateNoHeader'))}</Text>
                  <span className={styles.samples}>{c.samples.join(', ')}</span>
                </span>
              }
            />
          </div>
        ))}
      </RadioGroup>
    </div>
  );
}

export interface AlternatePickerProps {
  /** Columns that may be second sources of the chosen one. */
  options: readonly BomColumnInfo[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  disabled: boolean;
}

/** Second-source columns (MPN2 beside MPN) to enrich too, each into its own `PartSpec (MPN2): …` columns. */
export function AlternatePicker({ options, chosen, onChange, disabled }: AlternatePickerProps): JSX.Element | null {
  const section = useSectionStyles();
  const { t } = useUi();
  if (options.length === 0) return null;
  const toggle = (id: string, on: boolean): void => onChange(on ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id));
  return (
    <div data-testid="enrich-alternates">
      <Text className={section.muted}>{t('alsoEnrich')}</Text>
      {options.map((o) => (
        <Checkbox
          key={o.id}
          label={columnName(o, t('candidateNoHeader'))}
          checked={chosen.includes(o.id)}
          disabled={disabled}
          onChange={(_, d) => toggle(o.id, d.checked === true)}
          data-testid={`enrich-alternate-${o.letter}`}
        />
      ))}
    </div>
  );
}
