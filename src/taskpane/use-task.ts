import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from './describe-error';
import { useUi } from './ui-context';

export interface Task<P> {
  /** This task is running. */
  running: boolean;
  progress?: P;
  /** The sentence of the last failure (or cancellation). */
  error?: string;
  /** Runs work with a fresh AbortSignal; resolves to its result, or undefined when it failed. */
  run<R>(work: (signal: AbortSignal, onProgress: (p: P) => void) => Promise<R>): Promise<R | undefined>;
  cancel(): void;
  clearError(): void;
}

/** One cancellable piece of work of a section, with its progress and error sentence. */
export function useTask<P = never>(): Task<P> {
  const { t, uiLang, enterBusy } = useUi();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<P>();
  const [error, setError] = useState<string>();
  const controller = useRef<AbortController>();

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async <R>(work: (signal: AbortSignal, onProgress: (p: P) => void) => Promise<R>): Promise<R | undefined> => {
      const current = new AbortController();
      controller.current = current;
      const leave = enterBusy();
      setRunning(true);
      setProgress(undefined);
      setError(undefined);
      try {
        return await work(current.signal, (p) => {
          if (!current.signal.aborted) setProgress(p);
        });
      } catch (failure) {
        setError(describeError(failure, t, uiLang));
        return undefined;
      } finally {
        leave();
        setRunning(false);
        if (controller.current === current) controller.current = undefined;
      }
    },
    [enterBusy, t, uiLang],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const clearError = useCallback(() => setError(undefined), []);
  return { running, progress, error, run, cancel, clearError };
}
