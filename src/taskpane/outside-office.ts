/*
 * What the task pane page says when it cannot be a task pane: opened in a plain browser without
 * Office, or inside Excel when office.js did not load (a blocked network, a proxy). taskpane.html
 * carries the same words as static text that appears after a few seconds, for when no script runs
 * at all; this module says them at once when the loader finds no Office.
 */
import type { Lang } from '../../api/vocabulary';

export const OUTSIDE_OFFICE_SENTENCES: Readonly<Record<Lang, string>> = {
  en: 'PartSpec runs inside Excel: open it from the Home tab in Excel (on the web, Windows or Mac). If you see this inside Excel, Office could not load office.js: check that your network allows it, then close and reopen the pane.',
  ja: 'PartSpec は Excel の中で動作します。Excel（Web、Windows、Mac）の [ホーム] タブから開いてください。Excel の中でこの表示が出る場合は office.js を読み込めませんでした。ネットワークで許可されているか確認し、ウィンドウを閉じて開き直してください。',
  zh: 'PartSpec 在 Excel 中运行：请从 Excel（网页版、Windows 或 Mac）的“开始”选项卡打开。如果在 Excel 中看到此消息，说明 Office 无法加载 office.js：请检查网络是否允许，然后关闭并重新打开窗格。',
};

/** The language of the browser, among the pane's languages. */
export function browserLang(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'ja' || primary === 'zh' || primary === 'en') return primary;
  }
  return 'en';
}

/** True when office.js has not defined the Office global (not loaded, or blocked). */
export function officeJsMissing(scope: object = globalThis): boolean {
  const office = (scope as { Office?: { onReady?: unknown } }).Office;
  return typeof office?.onReady !== 'function';
}

/** Replaces the pane's content with the sentence, as text, in the browser's language. */
export function showOutsideOffice(container: Element, languages: readonly string[]): void {
  const lang = browserLang(languages);
  const paragraph = container.ownerDocument.createElement('p');
  paragraph.setAttribute('data-testid', 'outside-office');
  paragraph.setAttribute('lang', lang);
  paragraph.style.cssText = 'margin: 1rem; font: 14px/1.5 "Segoe UI", system-ui, sans-serif';
  paragraph.textContent = OUTSIDE_OFFICE_SENTENCES[lang];
  container.replaceChildren(paragraph);
}
