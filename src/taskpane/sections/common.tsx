import {
  Button,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { CATEGORIES, GROUP_LABELS, LANGS, type CategoryId, type Lang } from '../../../api/vocabulary';
import { useUi } from '../ui-context';

export const useSectionStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalXXL,
    minWidth: 0,
    // A native select or a fieldset is as wide as its longest content by default: keep both inside the pane.
    '& select': { minWidth: 0, maxWidth: '100%' },
    '& .fui-Select, & .fui-Field, & .fui-Input, & .fui-Dropdown, & .fui-Textarea, & fieldset': { minWidth: 0 },
  },
  group: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    margin: 0,
  },
  legend: {
    fontWeight: tokens.fontWeightSemibold,
    paddingLeft: tokens.spacingHorizontalXS,
    paddingRight: tokens.spacingHorizontalXS,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalS,
    alignItems: 'center',
  },
  inline: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
  },
  grow: { flexGrow: 1, minWidth: 0 },
  progress: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  breakAll: { wordBreak: 'break-all' },
  stack: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS },
});

/** A section's error sentence (rendered as text, never as HTML). */
export function ErrorMessage({ message, testId }: { message?: string; testId: string }): JSX.Element | null {
  if (!message) return null;
  return (
    <MessageBar intent="error" data-testid={testId} role="alert">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}

/** A section's confirmation or summary. */
export function InfoMessage({ children, testId, intent = 'success' }: { children: ReactNode; testId: string; intent?: 'success' | 'info' | 'warning' }): JSX.Element {
  return (
    <MessageBar intent={intent} data-testid={testId} role="status">
      <MessageBarBody>{children}</MessageBarBody>
    </MessageBar>
  );
}

/** What the progress text says about the service, by its condition. */
const SERVICE_MESSAGES = { limiting: 'serviceLimiting', failing: 'serviceFailing', slow: 'serviceSlow' } as const;

/** Progress of running work, with its Cancel button. */
export function TaskProgress(props: { label: string; detail?: string; value?: number; onCancel: () => void; testId: string }): JSX.Element {
  const styles = useSectionStyles();
  const { t, service } = useUi();
  return (
    <div className={styles.progress} data-testid={props.testId} aria-live="polite">
      <Text weight="semibold">{props.label}</Text>
      <ProgressBar value={props.value} aria-label={props.label} />
      {props.detail ? <Text data-testid={`${props.testId}-detail`}>{props.detail}</Text> : null}
      {service && service !== 'ok' ? <Text data-testid={`${props.testId}-service`}>{t(SERVICE_MESSAGES[service])}</Text> : null}
      <div className={styles.actions}>
        <Button onClick={props.onCancel} data-testid={`${props.testId}-cancel`}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}

/** A category's name for people, in the pane's language (from the vocabulary's group labels). */
function categoryLabel(id: CategoryId, lang: Lang): string {
  return CATEGORIES[id].groups.map((g) => GROUP_LABELS[g][lang]).join(' + ');
}

/** The note under an action that only works inside Excel; nothing when the pane is in Excel. */
export function NeedsExcelNote({ size }: { size?: 200 }): JSX.Element | null {
  const { t, inExcel } = useUi();
  const section = useSectionStyles();
  if (inExcel) return null;
  return (
    <Text size={size} className={section.muted}>
      {t('needsExcel')}
    </Text>
  );
}

/** The `<option>`s of a list of categories, each named in the pane's language. */
export function CategoryOptions({ ids }: { ids: readonly CategoryId[] }): JSX.Element {
  const { uiLang } = useUi();
  return (
    <>
      {ids.map((id) => (
        <option key={id} value={id}>
          {categoryLabel(id, uiLang)}
        </option>
      ))}
    </>
  );
}

/** The `<option>`s of the three data languages, each named in the pane's language. */
export function LanguageOptions(): JSX.Element {
  const { t } = useUi();
  return (
    <>
      {LANGS.map((l) => (
        <option key={l} value={l}>
          {t(`langName_${l}`)}
        </option>
      ))}
    </>
  );
}
