/**
 * The add-in's support page (support.html): the manifest's SupportUrl and LearnMoreUrl point at
 * it. Static HTML with no script, so it opens in any browser and under the server's content
 * security policy; webpack emits it beside taskpane.html and `partspec serve` serves it with the
 * other pages.
 */

/** The function names that changed, old → new (docs/user-guide.md "Function names"). */
const RENAMED_FUNCTIONS = [
  ['PART.SEARCH', 'PART.QUERY'],
  ['PART.INFO', 'PART.CARD'],
  ['PART.FIND', 'PART.SUGGEST'],
];

/** Said when the build names no contact (PARTSPEC_SUPPORT_CONTACT). */
const DEFAULT_CONTACT = 'the person or team who gave you this add-in (for most organizations, the Microsoft 365 administrator who deployed it)';

function escapeHtml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A contact as HTML: a mailto or https link when it is an address, else text. */
function contactHtml(contact) {
  if (/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(contact)) return `<a href="mailto:${escapeHtml(contact)}">${escapeHtml(contact)}</a>`;
  if (/^https:\/\/[^\s<>"]+$/.test(contact)) return `<a href="${escapeHtml(contact)}">${escapeHtml(contact)}</a>`;
  return escapeHtml(contact);
}

/**
 * The page's HTML.
 * @param {{ version: string, contact?: string }} options contact: an e-mail address, an https URL or a sentence
 */
function renderSupportPage({ version, contact }) {
  const who = contact && contact.trim() ? contact.trim() : DEFAULT_CONTACT;
  const renamed = RENAMED_FUNCTIONS.map(([from, to]) => `<tr><td><code>${from}</code></td><td><code>${to}</code></td></tr>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>PartSpec support</title>
  <style>
    body { font: 15px/1.5 "Segoe UI", system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #242424; }
    h1 { font-size: 1.6rem; } h2 { font-size: 1.15rem; margin-top: 1.8rem; }
    code { background: #f3f3f3; padding: 0 .25em; } table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: .2rem .6rem; text-align: left; }
  </style>
</head>
<body>
  <h1>PartSpec support</h1>
  <p>PartSpec brings a maker's capacitor and inductor product data into Excel: the <code>=PART.*</code> functions,
  search and import, enrichment of a BOM, refresh and a BOM summary.</p>
  <p><strong>Version:</strong> <span data-testid="support-version">${escapeHtml(version)}</span></p>
  <p><strong>Contact:</strong> <span data-testid="support-contact">${contactHtml(who)}</span>. Say which Excel you use
  (File &gt; Account &gt; About Excel, or "Excel on the web"), what you did and the sentence PartSpec showed.</p>

  <h2>Which Excel runs PartSpec</h2>
  <p>Excel on the web, Excel for Microsoft 365 on Windows and on Mac, and Office 2021 or later bought once.
  Excel must support the shared runtime, custom functions and ExcelApi 1.9; Office decides this from the add-in's manifest
  and does not offer PartSpec where they are missing.</p>
  <ul>
    <li><code>=PART.CARD</code> shows a card where Excel lets custom functions return data types (CustomFunctionsRuntime 1.4,
    Microsoft 365); elsewhere it shows the part number, and the other functions give the same data as values.</li>
    <li>"Select changed rows" and "Select not-found rows" select every such row at once from Excel Version 2501; on an
    older Excel they select the first group of such rows (Excel before Version 2501 selects one block at a time).</li>
  </ul>

  <h2>Troubleshooting</h2>
  <dl>
    <dt><code>#NAME?</code> where a formula used <code>PART.SEARCH</code>, <code>PART.INFO</code> or <code>PART.FIND</code></dt>
    <dd>These functions were renamed because Excel has built-in functions of those names. Excel keeps the old text in the
    workbook; replace it with Find &amp; Replace (Ctrl+H), within the workbook, looking in formulas:
    <table><tr><th>old</th><th>new</th></tr>${renamed}</table></dd>
    <dt>The pane says to open PartSpec inside Excel</dt>
    <dd>The page was opened in a browser, or Office could not load office.js. Open it from the Home tab in Excel; if it
    appears there too, check that the network allows the add-in's address.</dd>
    <dt>Every function shows <code>#N/A</code> with a message about the API key</dt>
    <dd>Open Settings from the Home tab and enter the key (or the team address your administrator gave you).</dd>
    <dt>"Excel is editing a cell"</dt>
    <dd>Press Enter or Esc to leave the cell, then press the button again.</dd>
    <dt>"Too much data for one request" on Excel on the web</dt>
    <dd>Excel on the web accepts about 5 MB per request; PartSpec splits its reads and writes below that. If a single row
    is larger (very long text), select fewer columns.</dd>
    <dt>Functions stay at <code>#BUSY!</code></dt>
    <dd>The API is slow or unreachable. They finish or show an error within a minute; Refresh on the Home tab asks again.</dd>
  </dl>

  <h2 id="privacy">Privacy</h2>
  <p>PartSpec sends the part numbers, searches and field names you use to the product data service your Settings name,
  with the API key or team token stored for your Office account; it sends nothing else from your workbooks, and keeps no
  record of them beyond the answers cached on your computer. It uses no advertising or tracking.</p>

  <h2 id="terms">Terms of use</h2>
  <p>PartSpec is provided under the MIT licence, as is, without warranty. The product data belongs to its maker and is
  shown as the maker's service returns it; check a datasheet before you order.</p>
</body>
</html>
`;
}

module.exports = { RENAMED_FUNCTIONS, DEFAULT_CONTACT, renderSupportPage };
