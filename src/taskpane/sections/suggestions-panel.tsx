import { visibleText } from '../../../core/visible-text';
import { Button, Text } from '@fluentui/react-components';
import { useState } from 'react';
import type { SuggestedRow } from '../../../core/enrich/enrich-suggest';
import type { TaskpaneServices } from '../adapter/services';
import { useUi } from '../ui-context';
import { useTask } from '../use-task';
import { ErrorMessage, InfoMessage, useSectionStyles } from './common';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 } as const;

/** One row of the Suggested column as the pane lists it (API and core strings, rendered as text). */
export interface RowSuggestion {
  sheetName: string;
  /** 0-based sheet row. */
  row: number;
  /** The row's `PartSpec: Suggested` cell (`H7`), where a pick is written. */
  cell: string;
  /** The row's line as the core read it. */
  line: string;
  /** What was understood, in the data language. */
  understood: string;
  /** Closest fit first. */
  candidates: { partno: string; why: string }[];
  /** Why there is no candidate, or what the line leaves open. */
  reason?: string;
}

/** The core's Suggested rows as the pane lists them: text only. */
export function rowSuggestions(sheetName: string, rows: readonly SuggestedRow[]): RowSuggestion[] {
  return rows.map(({ row, cell, answer }) => ({
    sheetName,
    row,
    cell,
    line: answer.input,
    understood: answer.understoodText,
    candidates: answer.candidates.map((c) => ({ partno: c.Partno, why: c.why })),
    ...(answer.reason ? { reason: answer.reason } : {}),
  }));
}

/**
 * Under the enrichment summary, after an enrichment with the Suggested option: each row asked
 * about, with its line, what the core understood it to ask for, and the maker's candidates with
 * why. Picking one writes its part number into the row's `PartSpec: Suggested` cell; the row's
 * button selects it in the sheet. Everything shown is the core's answer, rendered as text.
 */
export function SuggestionsPanel({ services, rows }: { services: TaskpaneServices; rows: readonly RowSuggestion[] }): JSX.Element {
  const section = useSectionStyles();
  const { t, busy, inExcel } = useUi();
  const [picked, setPicked] = useState<{ partno: string; address: string; row: number }>();
  const pickTask = useTask();
  const selectTask = useTask();

  async function onPick(row: RowSuggestion, partno: string): Promise<void> {
    setPicked(undefined);
    const result = await pickTask.run(() => services.pickSuggestion(row, partno));
    if (result) setPicked({ partno, address: result.address, row: row.row });
  }

  return (
    <div className={section.group} data-testid="suggestions">
      <Text weight="semibold" data-testid="suggestions-title">
        {t('suggestionsTitle', { n: rows.length })}
      </Text>
      <ErrorMessage testId="suggestions-error" message={pickTask.error ?? selectTask.error} />
      {picked ? (
        <InfoMessage testId="suggestions-picked" intent="success">
          {t('suggestionPicked', { partno: picked.partno, address: picked.address })}
        </InfoMessage>
      ) : null}
      <ol aria-label={t('suggestionsTitle', { n: rows.length })} style={LIST_STYLE}>
        {rows.map((row) => (
          <li key={row.row} data-testid="suggestions-row" data-row={row.row + 1} style={{ overflowWrap: 'anywhere' }}>
            <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
              <Text weight="semibold" style={{ flex: 1, minWidth: 0 }} data-testid="suggestions-line">
                {t('suggestionRow', { row: row.row + 1, line: visibleText(row.line) })}
              </Text>
              <Button size="small" onClick={() => void selectTask.run(() => services.selectBomRow(row.sheetName, row.row))} disabled={busy || !inExcel} data-testid="suggestions-select">
                {t('selectRow')}
              </Button>
            </div>
            <Text size={200} className={section.muted} data-testid="suggestions-understood">
              {t('understood')}: {visibleText(row.understood)}
            </Text>
            {row.reason ? (
              <>
                <br />
                <Text size={200} data-testid="suggestions-reason">
                  {visibleText(row.reason)}
                </Text>
              </>
            ) : null}
            {row.candidates.length === 0 ? (
              <>
                <br />
                <Text size={200} className={section.muted}>
                  {t('noCandidate')}
                </Text>
              </>
            ) : (
              <ol style={{ ...LIST_STYLE, gap: 4, marginTop: 4 }}>
                {row.candidates.map((c) => (
                  <li key={c.partno} data-testid="suggestions-candidate" style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text weight={picked?.row === row.row && picked.partno === c.partno ? 'semibold' : 'regular'} data-testid="suggestions-partno">
                        {visibleText(c.partno)}
                      </Text>
                      <br />
                      <Text size={200} className={section.muted}>
                        {visibleText(c.why)}
                      </Text>
                    </div>
                    <Button size="small" onClick={() => void onPick(row, c.partno)} disabled={busy || !inExcel} data-testid="suggestions-pick">
                      {t('pickSuggestion')}
                    </Button>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
