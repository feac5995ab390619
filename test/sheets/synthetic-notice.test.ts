/**
 * Synthetic answers are said once per run, from the core's report: the ribbon's notice carries
 * the same sentence as `partspec enrich`, and the pane's summary gets the count for its notice.
 */
import { DEMO_KEY } from '../../emulator';
import { describeSyntheticAnswers } from '../../core/cells/synthetic';
import { lastCommandNotice } from '../../src/commands/notices';
import { runEnrichSelection } from '../../src/commands/ribbon-actions';
import { enrichSelection } from '../../src/sheets/enrich';
import { createTaskpaneServices } from '../../src/taskpane/adapter/taskpane-services';
import { createMemoryStorage } from '../../src/settings/storage';
import { createSessionProvider } from '../../src/settings/session';
import { createSettingsStore, defaultPreferences } from '../../src/settings/settings';
import { freshWorkbook, useRig, type Rig } from './helpers';
import { reportOf } from '../support/enrichment-report';

// Real numbers on: a Murata number outside the invented catalog is decoded (synthetic).
const rig = useRig({ realNumbers: true });
const SYNTHETIC = 'GRM188Z71A106KA73D';

function bom(r: Rig): void {
  const catalog = rig.emulator.catalog.byGroup.SMD[0].values.Partno as string;
  r.excel.setCells('Sheet1', 'A1', [['Ref', 'MPN'], ['C1', catalog], ['C2', SYNTHETIC], ['C3', SYNTHETIC]]);
  r.excel.select('Sheet1', 'B1');
}

async function paneSettings() {
  const settings = createSettingsStore(createMemoryStorage(), defaultPreferences(rig.emulator.url));
  await settings.setApiKey(DEMO_KEY);
  await settings.save({ enrichFields: ['Status'], enrichRisk: false, enrichAlternatives: false, enrichMode: 'values' });
  return { settings, session: createSessionProvider({ settings }) };
}

test('the core report counts the part numbers answered with synthetic data; a run without any counts 0', async () => {
  const r = freshWorkbook(rig);
  bom(r);
  const run = reportOf(await enrichSelection({ run: r.excel.run, client: r.client }, { fields: ['Status'] }));
  expect(run).toMatchObject({ status: 'done', synthetic: 1 });
  expect(r.excel.values('Sheet1').slice(1).map((row) => row[2])).toEqual(['Exact', 'Exact (synthetic)', 'Exact (synthetic)']);

  const plain = freshWorkbook(rig);
  plain.excel.setCells('Sheet1', 'A1', [['MPN'], [rig.emulator.catalog.byGroup.SMD[1].values.Partno as string]]);
  plain.excel.select('Sheet1', 'A1');
  expect(reportOf(await enrichSelection({ run: plain.excel.run, client: plain.client }, { fields: ['Status'] }))).toMatchObject({ status: 'done', synthetic: 0 });
});

test("the ribbon's Enrich selection notice says it once, in partspec enrich's words", async () => {
  const { session } = await paneSettings();
  const r = freshWorkbook(rig);
  bom(r);
  const run = reportOf(await runEnrichSelection({ run: r.excel.run, session, settings: r.settings }));
  expect(run.synthetic).toBe(1);
  const notice = lastCommandNotice();
  expect(notice).toMatchObject({ command: 'enrichSelection', ok: true });
  expect(notice?.message.split(describeSyntheticAnswers(1))).toHaveLength(2);
});

test("the pane's services hand the core's report, with the count, to its one notice", async () => {
  const { settings, session } = await paneSettings();
  const r = freshWorkbook(rig);
  bom(r);
  const services = createTaskpaneServices({ settings, session, run: r.excel.run });
  const report = await services.enrich({ fields: ['Status'], mode: 'values', risk: false, alternatives: false, highlight: true, lang: 'en' });
  expect(report).toMatchObject({ status: 'done', synthetic: 1 });
});
