/**
 * The sheet grid: column letters, row numbers and the visible cells only (imports reach tens of
 * thousands of rows). Clicking selects a cell, Shift extends, a column or row header selects the
 * whole column or row; the selection goes to the double, where PartSpec reads it.
 */
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { blockText, letters, type Block } from './excel-double/a1';
import type { SheetModel } from './excel-double/model';
import type { WorkbenchHost } from './host';
import { lookOf } from './cell-style';

const ROW_HEIGHT = 22;
const HEADER_WIDTH = 44;
const DEFAULT_COLUMN_PX = 88;
const MAX_COLUMN_PX = 320;
const OVERSCAN = 8;

/** Column width in pixels from the double's width in points. */
function columnPx(sheet: SheetModel, column: number): number {
  const points = sheet.columnWidths.get(column);
  return points === undefined ? DEFAULT_COLUMN_PX : Math.min(MAX_COLUMN_PX, Math.max(24, Math.round(points * 1.333)));
}

export interface GridProps {
  host: WorkbenchHost;
  sheet: SheetModel;
  /** Changes whenever the double does (forces a redraw). */
  version: number;
  /** Where Shift-click extends from. */
  anchor: { row: number; column: number } | undefined;
  onSelect(block: Block, anchor: { row: number; column: number } | undefined): void;
}

export function Grid({ host, sheet, version, anchor, onSelect }: GridProps): JSX.Element {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const model = host.double.model;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const used = model.usedBlock(sheet, false);
  const rowCount = Math.max((used ? used.row + used.rowCount : 0) + 30, 60);
  const columnCount = Math.max((used ? used.column + used.columnCount : 0) + 3, 12);
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rowCount, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const selection = model.selection?.sheetId === sheet.id ? model.selection.block : undefined;
  // A multi-area selection (PartSpec selecting the not-found rows) shows every area.
  const areas = model.selection?.sheetId === sheet.id ? (model.selection.areas ?? [model.selection.block]) : [];
  const selected = (row: number, column: number): boolean =>
    areas.some((a) => row >= a.row && row < a.row + a.rowCount && column >= a.column && column < a.column + a.columnCount);
  const tables = model.tables.filter((t) => t.sheetId === sheet.id);
  const columns = Array.from({ length: columnCount }, (_, c) => c);

  const span = (a: number, b: number) => ({ start: Math.min(a, b), count: Math.abs(a - b) + 1 });
  const clickCell = (event: MouseEvent, row: number, column: number) => {
    if (event.shiftKey && anchor) {
      const r = span(anchor.row, row);
      const c = span(anchor.column, column);
      onSelect({ row: r.start, rowCount: r.count, column: c.start, columnCount: c.count }, anchor);
    } else onSelect({ row, column, rowCount: 1, columnCount: 1 }, { row, column });
  };
  const clickColumn = (event: MouseEvent, column: number) => {
    const from = event.shiftKey && anchor ? anchor.column : column;
    const c = span(from, column);
    onSelect({ row: 0, rowCount: 1048576, column: c.start, columnCount: c.count }, event.shiftKey && anchor ? anchor : { row: 0, column });
  };
  const clickRow = (event: MouseEvent, row: number) => {
    const from = event.shiftKey && anchor ? anchor.row : row;
    const r = span(from, row);
    onSelect({ row: r.start, rowCount: r.count, column: 0, columnCount: 16384 }, event.shiftKey && anchor ? anchor : { row, column: 0 });
  };

  return (
    <div
      ref={scroller}
      className="wb-grid"
      data-testid="grid"
      data-sheet={sheet.name}
      data-version={version}
      onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
    >
      <table className="wb-table" style={{ height: (rowCount + 1) * ROW_HEIGHT }}>
        <colgroup>
          <col style={{ width: HEADER_WIDTH }} />
          {columns.map((c) => (
            <col key={c} style={{ width: columnPx(sheet, c) }} />
          ))}
        </colgroup>
        <thead>
          <tr style={{ height: ROW_HEIGHT }}>
            <th className="wb-corner" />
            {columns.map((c) => (
              <th
                key={c}
                className={selection && c >= selection.column && c < selection.column + selection.columnCount ? 'wb-colhead wb-on' : 'wb-colhead'}
                data-testid={`column-${sheet.name}-${letters(c)}`}
                onMouseDown={(e) => clickColumn(e, c)}
              >
                {letters(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {first > 0 ? <tr style={{ height: first * ROW_HEIGHT }} aria-hidden /> : null}
          {Array.from({ length: last - first }, (_, i) => first + i).map((r) => (
            <tr key={r} style={{ height: ROW_HEIGHT }}>
              <th className="wb-rowhead" data-testid={`row-${sheet.name}-${r + 1}`} onMouseDown={(e) => clickRow(e, r)}>
                {r + 1}
              </th>
              {columns.map((c) => {
                const look = lookOf(model, sheet, tables, r, c);
                const address = `${letters(c)}${r + 1}`;
                const error = look.isError ? host.calc.errorAt(sheet.name, address) : undefined;
                const classes = ['wb-cell'];
                if (selected(r, c)) classes.push('wb-selected');
                if (anchor && anchor.row === r && anchor.column === c && selection) classes.push('wb-active');
                if (host.calc.isSpilled(sheet.name, r, c)) classes.push('wb-spill');
                return (
                  <td
                    key={c}
                    className={classes.join(' ')}
                    style={look.style}
                    title={error?.message ?? (look.text.length > 40 ? look.text : undefined)}
                    data-testid={`cell-${sheet.name}-${address}`}
                    data-highlight={look.highlight}
                    data-error={look.isError ? look.text : undefined}
                    onMouseDown={(e) => clickCell(e, r, c)}
                  >
                    {look.href ? (
                      <a href={look.href} target="_blank" rel="noopener noreferrer" onMouseDown={(e) => e.stopPropagation()}>
                        {look.text}
                      </a>
                    ) : (
                      look.text
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          {last < rowCount ? <tr style={{ height: (rowCount - last) * ROW_HEIGHT }} aria-hidden /> : null}
        </tbody>
      </table>
    </div>
  );
}

/** The name box's text for a selection. */
export function selectionText(block: Block | undefined): string {
  if (!block) return '';
  if (block.rowCount === 1048576) return `${letters(block.column)}:${letters(block.column + block.columnCount - 1)}`;
  if (block.columnCount === 16384) return `${block.row + 1}:${block.row + block.rowCount}`;
  return blockText(block);
}
