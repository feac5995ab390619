import { useEffect, useRef, type MutableRefObject } from 'react';
import type { FoundBom, TaskpaneServices } from './adapter/services';
import { useUi } from './ui-context';

/** How long the selection must rest before the pane reads the BOM around it again (a drag selects many times). */
const SELECTION_SETTLE_MS = 250;

/**
 * Reads the BOM around the selection when the section opens and whenever the user switches sheet
 * or moves the selection (Excel's onActivated and onSelectionChanged), so a section names what its
 * button will act on before the press. Quietly: a selection with no BOM around it hands
 * `undefined`, no error. Nothing is read while the pane is busy, and an answer older than the
 * latest reading is dropped; `readings` shares that count with the section's own readings.
 */
export function useBomAroundSelection(services: TaskpaneServices, onRead: (inspection: FoundBom | undefined) => void, readings?: MutableRefObject<number>): void {
  const { busy, inExcel } = useUi();
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  const own = useRef(0);
  const counter = readings ?? own;
  useEffect(() => {
    if (!inExcel) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reread = (): void => {
      if (busyRef.current) return;
      const reading = ++counter.current;
      const settle = (result: FoundBom | undefined): void => {
        if (reading === counter.current && !busyRef.current) onReadRef.current(result);
      };
      services.inspectBom().then(settle, () => settle(undefined));
    };
    reread();
    const stop = services.watchSelection(() => {
      clearTimeout(timer);
      timer = setTimeout(reread, SELECTION_SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [services, inExcel, counter]);
}
