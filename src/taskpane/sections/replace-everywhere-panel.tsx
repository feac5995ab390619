import { Button, Checkbox, Field, Input, Text } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { Lang } from '../../../api/vocabulary';
import { visibleText } from '../../../core/visible-text';
import type { ReplaceEverywherePreview, TaskpaneServices } from '../adapter/services';
import { useUi } from '../ui-context';
import { useTask } from '../use-task';
import { ErrorMessage, InfoMessage, TaskProgress, useSectionStyles } from './common';

/** The two part numbers the panel opens with (a replacement candidate just used in one row). */
export interface ReplaceEverywhereStart {
  oldPart: string;
  newPart: string;
}

/**
 * "Replace a part everywhere": one part by another in every BOM sheet of the workbook, as
 * `partspec replace` does for files. Preview lists every cell that would change and, when the new
 * part is not a drop-in, what differs; Apply writes exactly the previewed cells, and only after a
 * preview (and the differences accepted). Cell and API text is rendered as text.
 */
export function ReplaceEverywherePanel({ services, lang, start }: { services: TaskpaneServices; lang: Lang; start?: ReplaceEverywhereStart }): JSX.Element {
  const section = useSectionStyles();
  const { t, busy, inExcel } = useUi();
  const [oldPart, setOldPart] = useState(start?.oldPart ?? '');
  const [newPart, setNewPart] = useState(start?.newPart ?? '');
  const [preview, setPreview] = useState<ReplaceEverywherePreview>();
  const [accepted, setAccepted] = useState(false);
  const [written, setWritten] = useState<{ cells: number; old: string; partno: string }>();
  const previewTask = useTask();
  const applyTask = useTask();
  const root = useRef<HTMLFieldSetElement>(null);

  // Opened from a replacement just used in one row: bring the panel into view, its parts filled in.
  useEffect(() => {
    if (start) root.current?.scrollIntoView?.({ block: 'nearest' });
  }, [start]);

  // A preview belongs to the two parts it was made for: typing either one asks for a new one.
  function edit(set: (value: string) => void, value: string): void {
    set(value);
    setPreview(undefined);
    setAccepted(false);
  }

  async function onPreview(): Promise<void> {
    setWritten(undefined);
    setPreview(undefined);
    setAccepted(false);
    applyTask.clearError();
    setPreview(await previewTask.run((signal) => services.previewReplaceEverywhere({ oldPart, newPart, lang }, signal)));
  }

  async function onApply(): Promise<void> {
    if (!preview) return;
    const result = await applyTask.run(() => services.applyReplaceEverywhere(preview, accepted));
    // Applied or refused, this preview is spent: the workbook is previewed again before another write.
    setPreview(undefined);
    setAccepted(false);
    if (result) setWritten({ cells: result.written, old: preview.oldPart, partno: preview.newPart });
  }

  const sheets = new Set(preview?.changes.map((c) => c.sheet)).size;
  const canApply = preview !== undefined && preview.changes.length > 0 && (preview.dropIn || accepted);

  return (
    <fieldset ref={root} className={section.group} data-testid="replace-everywhere">
      <legend className={section.legend}>{t('replaceEverywhere')}</legend>
      <Text size={200} className={section.muted}>
        {t('replaceEverywhereIntro')}
      </Text>
      <Field label={t('replaceOld')}>
        <Input value={oldPart} onChange={(_, d) => edit(setOldPart, d.value)} disabled={busy} data-testid="replace-old" />
      </Field>
      <Field label={t('replaceNew')}>
        <Input value={newPart} onChange={(_, d) => edit(setNewPart, d.value)} disabled={busy} data-testid="replace-new" />
      </Field>
      <div className={section.actions}>
        <Button onClick={() => void onPreview()} disabled={busy || !inExcel || oldPart.trim() === '' || newPart.trim() === ''} data-testid="replace-preview">
          {t('replacePreview')}
        </Button>
        <Button appearance="primary" onClick={() => void onApply()} disabled={busy || !canApply} data-testid="replace-apply">
          {t('replaceApply')}
        </Button>
      </div>
      {previewTask.running ? <TaskProgress testId="replace-progress" label={t('replacePreviewing')} onCancel={previewTask.cancel} /> : null}
      <ErrorMessage testId="replace-error" message={previewTask.error ?? applyTask.error} />
      {written ? (
        <InfoMessage testId="replace-written" intent="success">
          {t('replaceWritten', { cells: written.cells, old: visibleText(written.old), partno: visibleText(written.partno) })}
        </InfoMessage>
      ) : null}
      {preview ? <PreviewView preview={preview} sheets={sheets} accepted={accepted} onAccept={setAccepted} /> : null}
    </fieldset>
  );
}

/** What a preview found: the verdict on the new part, every cell before → after, the formulas left alone. */
function PreviewView(props: { preview: ReplaceEverywherePreview; sheets: number; accepted: boolean; onAccept: (accepted: boolean) => void }): JSX.Element {
  const section = useSectionStyles();
  const { t, busy } = useUi();
  const { preview } = props;
  const parts = { partno: visibleText(preview.newPart), old: visibleText(preview.oldPart) };
  return (
    <>
      {preview.dropIn ? (
        <Text data-testid="replace-verdict">{t('replaceDropIn', parts)}</Text>
      ) : (
        <InfoMessage testId="replace-verdict" intent="warning">
          {/* The core's sentence names the part and what differs, in the data language. */}
          {preview.differs ? visibleText(preview.differs) : t('replaceNotDropIn', parts)}
        </InfoMessage>
      )}
      <Text weight="semibold" data-testid="replace-summary">
        {preview.changes.length > 0
          ? t('replaceFound', { cells: preview.changes.length, sheets: props.sheets, boms: preview.boms.length })
          : t('replaceNone', { partno: parts.old, boms: preview.boms.length })}
      </Text>
      {preview.changes.length > 0 ? (
        <ol aria-label={t('replaceChangesLabel')} style={{ margin: 0, paddingLeft: 20, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {preview.changes.map((c) => (
            <li key={`${c.sheet}!${c.cell}`} data-testid="replace-change" style={{ overflowWrap: 'anywhere' }}>
              <Text size={200}>{`'${visibleText(c.sheet)}'!${c.cell}: ${visibleText(String(c.before))} → ${visibleText(c.after)}`}</Text>
            </li>
          ))}
        </ol>
      ) : null}
      {preview.formulas.length > 0 ? (
        <Text size={200} className={section.muted} data-testid="replace-formulas">
          {t('replaceFormulas', { cells: visibleText(preview.formulas.join(', ')) })}
        </Text>
      ) : null}
      {!preview.dropIn && preview.changes.length > 0 ? (
        <Checkbox label={t('replaceAccept')} checked={props.accepted} disabled={busy} onChange={(_, d) => props.onAccept(d.checked === true)} data-testid="replace-accept" />
      ) : null}
    </>
  );
}
