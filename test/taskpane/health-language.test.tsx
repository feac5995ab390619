/**
 * The BOM health pane says each part's risk level in the pane's language (生産終了, 有风险…), as
 * the summary sheet and the report do, while the summary it renders keeps the level codes.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { LANGS } from '../../api/vocabulary';
import { RISK_LEVEL_WORDS } from '../../core/cells/risk-levels';
import { summaryLabels } from '../../core/report/labels';
import type { BomSummary } from '../../core/report/types';
import { AtRiskList } from '../../src/taskpane/sections/health-lists';
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
