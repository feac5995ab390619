/**
 * A task pane page opened outside Office, or where office.js did not load, says so in a sentence
 * in the browser's language instead of staying blank: at once from the loader, and from the page's
 * own markup when no script runs at all (development and production builds share the template).
 */
import fs from 'fs';
import path from 'path';
import { OUTSIDE_OFFICE_SENTENCES, browserLang, officeJsMissing, showOutsideOffice } from '../../src/taskpane/outside-office';

const TEMPLATE = fs.readFileSync(path.resolve(__dirname, '../../src/taskpane/taskpane.html'), 'utf8');

test.each([
  [['ja-JP', 'en-US'], 'ja'],
  [['zh-CN'], 'zh'],
  [['fr-FR', 'en-GB'], 'en'],
  [['de'], 'en'],
] as const)('%j reads the sentence in %s', (languages, lang) => {
  expect(browserLang(languages)).toBe(lang);
});

test('office.js is missing when there is no Office global with onReady', () => {
  expect(officeJsMissing({})).toBe(true);
  expect(officeJsMissing({ Office: {} })).toBe(true);
  expect(officeJsMissing({ Office: { onReady: () => undefined } })).toBe(false);
});

test('the loader replaces the pane with the sentence, as text', () => {
  const created: { attrs: Record<string, string>; textContent: string; style: { cssText: string } }[] = [];
  let children: unknown[] = ['static fallback'];
  const container = {
    ownerDocument: {
      createElement: () => {
        const element = { attrs: {} as Record<string, string>, textContent: '', style: { cssText: '' }, setAttribute(name: string, value: string) { element.attrs[name] = value; } };
        created.push(element);
        return element;
      },
    },
    replaceChildren: (...nodes: unknown[]) => {
      children = nodes;
    },
  } as unknown as Element;
  showOutsideOffice(container, ['ja-JP']);
  expect(children).toEqual([created[0]]);
  expect(created[0].textContent).toBe(OUTSIDE_OFFICE_SENTENCES.ja);
  expect(created[0].attrs).toEqual({ 'data-testid': 'outside-office', lang: 'ja' });
});

test('the page itself carries the sentence, shown after a few seconds if no script takes over', () => {
  expect(TEMPLATE).toContain(`<p lang="en">${OUTSIDE_OFFICE_SENTENCES.en}</p>`);
  expect(TEMPLATE).toMatch(/<div id="root"><div class="partspec-outside" data-testid="outside-office-static">/);
  expect(TEMPLATE).toMatch(/\.partspec-outside \{[^}]*visibility: hidden; animation: partspec-show 0s linear 4s forwards;/);
  for (const lang of ['en', 'ja', 'zh'] as const) expect(OUTSIDE_OFFICE_SENTENCES[lang].length).toBeGreaterThan(40);
});
