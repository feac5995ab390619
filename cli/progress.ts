import { escapeControls } from '../node/terminal-text';

/** A progress line on stderr, drawn only when stderr is a terminal (never in pipes, files or CI logs). */
export interface ProgressLine {
  /** Shows `label` with a bar when `total` is known, else a running count. */
  update(label: string, done: number, total?: number): void;
  /**
   * Adds a note on how the service behaves ("the service is limiting requests; …") after the bar,
   * or removes it with ''. Redraws the line at once when one is shown.
   */
  status(text: string): void;
  /** Removes the line. */
  clear(): void;
}

const WIDTH = 24;
/** Redraws at most this often. */
const INTERVAL_MS = 80;

/** What the stream must offer for the bar (process.stderr does). */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
}

export function createProgress(stream: ProgressStream = process.stderr, enabled = stream.isTTY === true): ProgressLine {
  if (!enabled) return { update: () => undefined, status: () => undefined, clear: () => undefined };
  let last = 0;
  let shown = false;
  let note = '';
  let current: { label: string; done: number; total?: number } | undefined;
  const number = (n: number): string => n.toLocaleString('en-US');
  const progress: ProgressLine = {
    status(text) {
      if (text === note) return;
      note = text;
      if (current) {
        last = 0;
        progress.update(current.label, current.done, current.total);
      }
    },
    update(label, done, total) {
      current = { label, done, total };
      const now = Date.now();
      if (shown && now - last < INTERVAL_MS && (total === undefined || done < total)) return;
      last = now;
      let line: string;
      if (total !== undefined && total > 0) {
        const ratio = Math.max(0, Math.min(1, done / total));
        const filled = Math.round(ratio * WIDTH);
        line = `${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${Math.floor(ratio * 100)}% ${number(done)}/${number(total)}`;
      } else {
        line = `${label} ${number(done)}`;
      }
      if (note) line += ` (${note})`;
      // The label and the note may carry text from a file or the service: its controls are shown escaped.
      line = escapeControls(line);
      const max = (stream.columns ?? 80) - 1;
      stream.write(`\r\x1b[2K${line.length > max ? line.slice(0, max) : line}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
      current = undefined;
    },
  };
  return progress;
}
