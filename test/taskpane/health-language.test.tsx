/**
 * The BOM health pane says each part's risk level in the pane's language (生産終了, 有风险…), as
 * the summary sheet and the report do, while the summary it renders keeps the level codes.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { LANGS } from '../../api/vocabulary';
import { RISK_LEVEL_WORDS } from '../../core/cells/risk-levels';
import { summaryLabels } from '../../core/report/labels';
import type { BomSummary } from '../../core/report/types';
import { AtRiskList, ChecksList } from '../../src/taskpane/sections/health-lists';
import { createTranslator } from '../../src/taskpane/i18n';

const place = { sheetRows: [2], designators: ['C1'], quantityPerBoard: 1 };
const summary = {
  atRisk: [
    { ...place, partNumber: 'MCA155C0J121GA2B', risk: 'EOL', reason: '', instead: [] },
    { ...place, partNumber: 'MCA155C1C272JA1B', risk: 'Risk', reason: '', instead: [] },
  ],
} as unknown as BomSummary;

test.each(LANGS)('the at-risk list says each level in %s', (lang) => {
  const html = renderToStaticMarkup(<AtRiskList summary={summary} labels={summaryLabels(lang)} onSelect={() => undefined} disabled={false} />);
  expect(html).toContain(`<div>${RISK_LEVEL_WORDS[lang].EOL}</div>`);
  expect(html).toContain(`<div>${RISK_LEVEL_WORDS[lang].Risk}</div>`);
  if (lang !== 'en') expect(html).not.toMatch(/>(EOL|Risk)</);
});

test.each(['ja', 'zh'] as const)('the no-drop-in sentence around what differs is in %s', (lang) => {
  const t = createTranslator(lang);
  const text = t('replacementsClosest', { partno: 'MCA155C1C272JA1B', closest: 'MCA155C1C272JA1D', differs: t('differsInStatus') });
  expect(text.replace(/MCA155C1C272JA1[BD]/g, '')).not.toMatch(/[A-Za-z]{2,}/);
  expect(text).toContain('MCA155C1C272JA1D');
});

test.each(LANGS)('the checks list groups lines with the same checks, names the shipped rules in %s and shows every text as text', (lang) => {
  const line = (sheetRow: number, partNumber: string, level: 'error' | 'warning', rule: string, sentence: string) => ({ sheetRow, partNumber, level, checks: [{ rule, level, sentence }] });
  const checks = {
    rules: 'partspec:default',
    level: 'error',
    counts: { fatal: 0, error: 1, warning: 3, waived: 0 },
    lines: [line(2, 'GRM155R71C104KA88D', 'warning', 'compliance', 'REACH'), line(3, 'GRM188R61A106KE69D', 'warning', 'compliance', 'REACH'), line(4, 'X', 'warning', 'compliance', 'REACH'), line(9, '<b>GRM</b>', 'error', 'not-found', '?')],
  };
  const labels = summaryLabels(lang);
  const html = renderToStaticMarkup(<ChecksList summary={{ ...summary, checks } as unknown as BomSummary} labels={labels} lang={lang} />);
  // The three lines that say the same share one row, their rows as a run.
  expect(html.match(/data-testid="health-checks-row"/g)).toHaveLength(2);
  expect(html).toContain(labels.linesCount(3));
  expect(html).toContain('2–4');
  expect(html).toContain('&lt;b&gt;GRM&lt;/b&gt;');
  expect(html).not.toContain('<b>GRM');
  if (lang !== 'en') expect(html).not.toMatch(/partspec:default|>compliance:|>not-found:/);
});
