/**
 * PART.CARD on hosts the manifest admits: a data type only where custom functions can return one
 * (CustomFunctionsRuntime 1.4); a host that reports ExcelApi 1.16 without it (perpetual Office
 * 2021 and 2024) gets the plain part number, not #VALUE!. The host is a stand-in Office global;
 * the answers come from the emulator over real HTTP.
 */
import { card, spec } from '../../src/functions/functions';
import { createFunctionsRuntime, setFunctionsRuntime } from '../../src/functions/runtime';
import { startFunctionsHarness, type FunctionsHarness } from '../../testkit/functions-harness';
import { installHost, type StandInHost } from './stand-in-host';

let h: FunctionsHarness;
let host: StandInHost | undefined;
let CAP: string;

beforeAll(async () => {
  h = await startFunctionsHarness();
  CAP = h.emulator.catalog.byGroup.SMD[3].values.Partno as string;
});
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  host?.remove();
  host = undefined;
});

/** The runtime as the add-in builds it: entity support detected from the host, not given. */
function useDetectingRuntime(): void {
  setFunctionsRuntime(createFunctionsRuntime({ settings: h.settings, clientOptions: { retry: false } }));
}

test('a host with ExcelApi 1.16 but not CustomFunctionsRuntime 1.4 gets the plain part number', async () => {
  host = installHost({ ExcelApi: '1.16', CustomFunctionsRuntime: '1.3', SharedRuntime: '1.1' });
  useDetectingRuntime();
  expect(await card(CAP.toLowerCase())).toBe(CAP);
  expect(host.asked).toContain('CustomFunctionsRuntime 1.4');
});

test('a host with CustomFunctionsRuntime 1.4 gets the entity card', async () => {
  host = installHost({ ExcelApi: '1.16', CustomFunctionsRuntime: '1.4', SharedRuntime: '1.1' });
  useDetectingRuntime();
  const entity = (await card(CAP)) as Excel.EntityCellValue;
  expect(entity).toMatchObject({ type: 'Entity', text: CAP });
  expect(Object.keys(entity.properties ?? {})).toEqual(expect.arrayContaining(['Partno', 'Capacitance', 'Status', 'Risk']));
});

test('a cell holding a card, passed to PART.SPEC as the card itself (the data-type flag), reads as its part number', async () => {
  host = installHost({ ExcelApi: '1.16', CustomFunctionsRuntime: '1.4', SharedRuntime: '1.1' });
  useDetectingRuntime();
  const entity = (await card(CAP)) as Excel.EntityCellValue;
  const [[status]] = await spec([[entity]], [['Status']]);
  expect(status).toBe(h.emulator.catalog.byGroup.SMD[3].values.Status);
});

test('outside Office (no host to ask) the value is plain too', async () => {
  useDetectingRuntime();
  expect(await card(CAP)).toBe(CAP);
});
