import { MATCH_WORDS } from '../../core/enrich/match-words';
import { specialHeader } from '../../core/cells/columns';
import { selectRowsWithStatus } from '../../src/sheets/bom-tools';
import { summarizeBomInExcel } from '../../src/sheets/bom-summary';
import { enrichSelection } from '../../src/sheets/enrich';
import { installHost } from '../functions/stand-in-host';
import { changedSheetRows, firstSet, reportOf } from '../support/enrichment-report';
import { freshWorkbook, useRig } from './helpers';

/* The add-in's enrichment in Japanese and Chinese, against the emulator over real HTTP: Match cells
 * in the pane's language, a misread part number's Match cell naming the part it likely is, and the
 * readers of Match cells (highlights, selecting not-found rows, the change comparison, the counts)
 * taking every language's words and the did-you-mean form as the status they mean. */

const rig = useRig();
const TODAY = new Date(2026, 10, 24);
const MEANT = 'GRM155R71C104KA88D';
const MISREAD = 'GRM155R71C1O4KA88D';
const ENGLISH = /\b(Exact|Variant|Ambiguous|Not found|Invalid|synthetic|did you mean|maker alternative|more|No replacement|vs|none|tolerance|Status is|has passed|is within|not checked|Synthetic data|check the part)\b/;

test.each([['ja'], ['zh']] as const)('in %s: Match cells, the did-you-mean row, highlights, row selection, a re-run in English and the summary', async (lang) => {
  const w = freshWorkbook(rig);
  const risky = rig.emulator.catalog.byGroup.SMD.find((p) => p.values.Status === 'NRND' && typeof p.values['Specs.Capacitance'] === 'number')!.values.Partno as string;
  w.excel.setCells('Sheet1', 'A1', [['MPN', 'Qty'], [MEANT, 1], [MISREAD, 2], ['NOPE12345678', 3], [risky, 4]]);
  w.excel.select('Sheet1', 'A2:A5');
  const deps = { run: w.excel.run, client: w.client, now: () => TODAY };
  const words = MATCH_WORDS[lang];

  const enriched = reportOf(await enrichSelection(deps, { fields: ['Status'], risk: true, replacements: true, lang }));
  expect(enriched.status).toBe('done');
  const values = w.excel.values('Sheet1');
  const match = values[0].indexOf(specialHeader('match', lang));
  const replacement = values[0].indexOf(specialHeader('replacement', lang));
  expect([match, replacement].every((c) => c > 0)).toBe(true);
  expect(values.slice(1).map((r) => r[match])).toEqual([expect.stringMatching(new RegExp(`^${words.statuses.exact}`)), words.didYouMean(MEANT), words.statuses.notFound, expect.stringMatching(new RegExp(`^${words.statuses.exact}`))]);
  expect(values.slice(1).flatMap((r) => [String(r[match]), String(r[replacement] ?? '')]).filter((t) => ENGLISH.test(t))).toEqual([]);
  expect(values[4][replacement]).not.toBe('');
  expect(firstSet(enriched).tally.counts).toMatchObject({ notFound: 2 });
  const matchLetter = String.fromCharCode(65 + match);
  expect(w.excel.highlight('Sheet1', `${matchLetter}3`)).toBe('#FFC7CE');
  expect(w.excel.highlight('Sheet1', `${matchLetter}4`)).toBe('#FFC7CE');

  const host = installHost({ ExcelApi: '1.18' });
  try {
    expect(await selectRowsWithStatus(w.excel.run, ['notFound'])).toMatchObject({ ok: true, rows: 2 });
  } finally {
    host.remove();
  }

  // The same answers in English are no change: neither the language nor the did-you-mean form is one.
  const again = reportOf(await enrichSelection(deps, { fields: ['Status'], risk: true, replacements: true, lang: 'en' }));
  expect(changedSheetRows(again)).toEqual([]);
  expect(w.excel.values('Sheet1')[2][match]).toBe(MATCH_WORDS.en.didYouMean(MEANT));
  // The re-run found its columns by their Japanese or Chinese headers: same places, now in English, no second set.
  const headers = w.excel.values('Sheet1')[0];
  expect(headers).toEqual([...values[0].slice(0, 2), 'PartSpec: Match', 'PartSpec: Status', 'PartSpec: Risk', 'PartSpec: Replacement', 'PartSpec: Changes']);
  expect([headers[match], headers[replacement]]).toEqual(['PartSpec: Match', 'PartSpec: Replacement']);

  const result = await summarizeBomInExcel(deps, { lang, writeSheet: false });
  if (result.status !== 'done') throw new Error(result.message);
  const atRisk = result.summary.atRisk.find((p) => p.partNumber === risky)!;
  expect(atRisk.instead.some((c) => c.differs.length > 0)).toBe(true);
  expect([atRisk.reason, ...atRisk.instead.flatMap((c) => c.differs)].filter((t) => ENGLISH.test(t))).toEqual([]);
});
