/**
 * Entry of the development workbench. workbench.html loads this bundle first: it installs the
 * Excel stand-in (host.ts) before the functions, commands and taskpane bundles run, then draws the
 * workbook; the taskpane bundle mounts itself into #root beside it.
 */
import { createRoot } from 'react-dom/client';
import { installWorkbenchHost } from './host';
import { DEMO_BOM_URL, openWorkbookAt } from './open-workbook';
import { loadSampleBom, loadSampleFormulas } from './samples';
import { WorkbookView } from './workbook-view';

const host = installWorkbenchHost();

const container = document.getElementById('workbench');
if (!container) {
  throw new Error('workbench.html has no #workbench element');
}

const sample = host.params.get('sample');
if (sample) {
  // DOMContentLoaded comes after every deferred bundle ran, so the PART functions are registered by then.
  const loaded = new Promise((resolve) => window.addEventListener('DOMContentLoaded', resolve, { once: true }));
  void Promise.all([host.ready, loaded]).then(() => {
    if (sample === 'bom') loadSampleBom(host.double);
    if (sample === 'formulas') loadSampleFormulas(host.double);
    if (sample === 'demo') void openWorkbookAt(host.double, DEMO_BOM_URL).catch((error: unknown) => console.error('The workbench could not open the demo BOM:', error));
  });
}

createRoot(container).render(<WorkbookView host={host} />);
