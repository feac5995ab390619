/**
 * The workbook half of the workbench page: toolbar (samples, ribbon commands), name box and
 * formula bar, the grid and the sheet tabs. The taskpane renders itself beside it into #root.
 * Plain elements rather than Fluent UI: a second copy of Fluent's style engine on the page (this
 * bundle's besides the taskpane's) would fight the first over the same style sheets.
 */
import { useEffect, useState, useSyncExternalStore, type ChangeEvent, type KeyboardEvent } from 'react';
import { blockText, type Block } from './excel-double/a1';
import { Grid, selectionText } from './grid';
import type { WorkbenchHost } from './host';
import { DEMO_BOM_URL, openWorkbook, openWorkbookAt } from './open-workbook';
import { loadSampleBom, loadSampleFormulas } from './samples';

/** A counter that moves whenever the double changes, redrawing at most once a frame. */
function useDoubleVersion(host: WorkbenchHost): number {
  const [store] = useState(() => {
    let version = 0;
    let frame = 0;
    return {
      subscribe(onChange: () => void) {
        const stop = host.double.subscribe(() => {
          if (frame) return;
          frame = requestAnimationFrame(() => {
            frame = 0;
            version++;
            onChange();
          });
        });
        return () => {
          stop();
          if (frame) cancelAnimationFrame(frame);
          frame = 0;
        };
      },
      get: () => version,
    };
  });
  return useSyncExternalStore(store.subscribe, store.get);
}

export function WorkbookView({ host }: { host: WorkbenchHost }): JSX.Element {
  const version = useDoubleVersion(host);
  const model = host.double.model;
  const active = model.sheets.find((s) => s.id === model.activeSheetId) ?? model.sheets[0];
  const selection = model.selection?.sheetId === active.id ? model.selection.block : undefined;
  const [anchor, setAnchor] = useState<{ row: number; column: number }>();
  const [draft, setDraft] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [calculations, setCalculations] = useState(model.calculations.length);

  const activeCell = anchor ?? (selection ? { row: selection.row, column: selection.column } : undefined);
  const activeAddress = activeCell ? blockText({ ...activeCell, rowCount: 1, columnCount: 1 }) : undefined;
  const cell = activeCell ? model.cell(active, activeCell.row, activeCell.column) : undefined;
  const content = cell ? String(cell.formula ?? cell.value) : '';

  useEffect(() => setDraft(undefined), [active.id, activeAddress]);
  useEffect(() => {
    // The Refresh command asks Excel to recalculate: do so for the PART formulas.
    if (model.calculations.length === calculations) return;
    setCalculations(model.calculations.length);
    host.calc.recalculate();
  }, [version, calculations, host, model]);

  const select = (block: Block, from: { row: number; column: number } | undefined) => {
    setAnchor(from);
    host.double.select(active.name, selectionText(block));
  };
  const commit = (move: number) => {
    if (!activeCell || !activeAddress || draft === undefined) return;
    host.double.setCells(active.name, activeAddress, [[draft]]);
    host.calc.recalculateDependents(active.name, activeCell.row, activeCell.column);
    setDraft(undefined);
    if (move) select({ row: activeCell.row + move, column: activeCell.column, rowCount: 1, columnCount: 1 }, { row: activeCell.row + move, column: activeCell.column });
  };
  const onFormulaKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit(1);
    } else if (e.key === 'Escape') setDraft(undefined);
  };
  const runCommand = async (id: string, label: string) => {
    setNotice(`${label}…`);
    try {
      await host.runCommand(id);
      setNotice(`${label}: done.`);
    } catch (error) {
      setNotice(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const activate = (name: string) => {
    model.activate(model.sheet(name));
    setAnchor(undefined);
    host.double.notify();
  };
  const open = async (label: string, read: () => Promise<string>) => {
    setNotice(`Opening ${label}…`);
    try {
      activate(await read());
      setNotice(`Opened ${label}.`);
    } catch (error) {
      setNotice(error instanceof Error ? error.message : String(error));
    }
  };
  const onPickFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void open(file.name, async () => openWorkbook(host.double, file.name, new Uint8Array(await file.arrayBuffer())));
  };

  return (
    <div className="wb-book">
      <div className="wb-toolbar" role="toolbar" aria-label="Workbench">
        <strong className="wb-title">PartSpec workbench</strong>
        <button type="button" className="wb-button" onClick={() => activate(loadSampleBom(host.double))} data-testid="load-sample-bom">
          Load sample BOM
        </button>
        <button type="button" className="wb-button" onClick={() => activate(loadSampleFormulas(host.double))} data-testid="load-sample-formulas">
          Load formula sample
        </button>
        <button type="button" className="wb-button" onClick={() => void open('demo-bom.xlsx', () => openWorkbookAt(host.double, DEMO_BOM_URL))} data-testid="open-demo-bom">
          Open demo-bom.xlsx
        </button>
        <label className="wb-button">
          Open .xlsx…
          <input type="file" accept=".xlsx,.xlsm" className="wb-file" onChange={onPickFile} data-testid="open-file" />
        </label>
        <span className="wb-divider" aria-hidden />
        <button type="button" className="wb-button" onClick={() => void runCommand('enrichSelection', 'Enrich selection')} data-testid="command-enrichSelection">
          Enrich selection
        </button>
        <button type="button" className="wb-button" onClick={() => void runCommand('bomSummary', 'BOM summary')} data-testid="command-bomSummary">
          BOM summary
        </button>
        <button type="button" className="wb-button" onClick={() => void runCommand('refresh', 'Refresh')} data-testid="command-refresh">
          Refresh
        </button>
        {notice ? (
          <span className="wb-notice" role="status" data-testid="workbench-notice">
            {notice}
          </span>
        ) : null}
      </div>
      <div className="wb-formula">
        <input className="wb-namebox" readOnly value={selectionText(selection)} aria-label="Name box" data-testid="name-box" />
        <span className="wb-fx" aria-hidden>
          fx
        </span>
        <input
          className="wb-formula-input"
          value={draft ?? content}
          disabled={!activeCell}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onFormulaKey}
          onBlur={() => commit(0)}
          aria-label="Formula bar"
          spellCheck={false}
          data-testid="formula-bar"
        />
      </div>
      <Grid host={host} sheet={active} version={version} anchor={anchor} onSelect={select} />
      <nav className="wb-tabs" aria-label="Sheets">
        {model.sheets.map((s) => (
          <button
            key={s.id}
            type="button"
            className={s.id === active.id ? 'wb-tab wb-tab-on' : 'wb-tab'}
            aria-current={s.id === active.id}
            onClick={() => activate(s.name)}
            data-testid={`sheet-tab-${s.name}`}
          >
            {s.name}
          </button>
        ))}
        <button
          type="button"
          className="wb-tab"
          aria-label="New sheet"
          onClick={() => {
            const sheet = model.addSheet();
            activate(sheet.name);
          }}
          data-testid="sheet-add"
        >
          +
        </button>
      </nav>
    </div>
  );
}

