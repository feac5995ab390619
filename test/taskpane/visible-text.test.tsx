/**
 * The pane's health lists render the service's and the BOM's text as React text with every
 * bidirectional control and zero-width character written out (`\u{202e}`), as the terminal, the
 * HTML report and the summary sheet show it: an alternative part number cannot reverse the rest
 * of its line, and two part numbers cannot look the same.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { summaryLabels } from '../../core/report/labels';
import type { BomSummary } from '../../core/report/types';
import { AtRiskList, EndingList, NotFoundList } from '../../src/taskpane/sections/health-lists';

const HIDDEN = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
const PART = 'GRM188R71H104\u202eKA93D';
const ALTERNATIVE = 'GRM188R71H104\u2066KA93J\u200b';
const REASON = 'Discontinued \u202bsee notice\u202c';

const place = { partNumber: PART, sheetRows: [2], designators: ['C1\u200d'], quantityPerBoard: 2 };
const summary = {
  atRisk: [{ ...place, risk: 'EOL', reason: REASON, instead: [{ partno: ALTERNATIVE, dropIn: true, makerAlternative: true, differs: [] }] }],
  ending: [{ ...place, horizon: 'past', date: '2026-01-31', dateField: 'LastBuyDate', quarter: '2026-Q1' }],
  notFound: [{ sheetRow: 3, partNumber: 'GRM155\ufeffR71C104KA88D' }],
} as unknown as BomSummary;
const labels = summaryLabels('en');

test('at-risk, ending and not-found lists write out bidirectional and zero-width characters', () => {
  const html = [
    renderToStaticMarkup(<AtRiskList summary={summary} labels={labels} onSelect={() => undefined} disabled={false} />),
    renderToStaticMarkup(<EndingList summary={summary} labels={labels} />),
    renderToStaticMarkup(<NotFoundList summary={summary} labels={labels} />),
  ].join('\n');
  expect(html).not.toMatch(HIDDEN);
  for (const shown of ['GRM188R71H104\\u{202e}KA93D', 'GRM188R71H104\\u{2066}KA93J\\u{200b}', 'Discontinued \\u{202b}see notice\\u{202c}', 'C1\\u{200d}', 'GRM155\\u{feff}R71C104KA88D']) {
    expect(html).toContain(shown);
  }
});
