import { lastCommandNotice, publishNotice, requestSection, subscribeCommandNotices, subscribeSectionRequests } from '../../src/commands/notices';

// The page's global event target, as in the webview where the commands and the taskpane share one window.
const page = new EventTarget();
const scope = globalThis as unknown as Record<string, unknown>;
beforeAll(() => {
  scope.addEventListener = page.addEventListener.bind(page);
  scope.removeEventListener = page.removeEventListener.bind(page);
  scope.dispatchEvent = page.dispatchEvent.bind(page);
  scope.Office = { addin: { showAsTaskpane: jest.fn(async () => undefined) } };
});
afterAll(() => {
  for (const k of ['addEventListener', 'removeEventListener', 'dispatchEvent', 'Office']) delete scope[k];
});

test('a notice reaches every subscriber on the page and stays readable for a pane opened later', () => {
  const seen: string[] = [];
  const stop = subscribeCommandNotices((n) => seen.push(`${n.command}:${n.ok}:${n.message}`));
  publishNotice({ command: 'refresh', ok: true, message: 'Refreshed.' }, false);
  stop();
  publishNotice({ command: 'enrichSelection', ok: false, message: 'No BOM found.' }, false);
  expect(seen).toEqual(['refresh:true:Refreshed.']);
  expect(lastCommandNotice()).toMatchObject({ command: 'enrichSelection', ok: false, message: 'No BOM found.' });
});

test('the Settings command opens the pane and asks for its Settings section', async () => {
  const sections: string[] = [];
  const stop = subscribeSectionRequests((s) => sections.push(s));
  await requestSection('settings');
  stop();
  expect(sections).toEqual(['settings']);
  expect((scope.Office as { addin: { showAsTaskpane: jest.Mock } }).addin.showAsTaskpane).toHaveBeenCalled();
});

test('a notice with nowhere to show in the sheet opens the pane', async () => {
  const show = (scope.Office as { addin: { showAsTaskpane: jest.Mock } }).addin.showAsTaskpane;
  show.mockClear();
  publishNotice({ command: 'enrichSelection', ok: false, message: 'No API key.' }, true);
  await new Promise((r) => setTimeout(r, 0));
  expect(show).toHaveBeenCalledTimes(1);
});
