import { createContext, useContext } from 'react';
import type { ServiceCondition } from '../../api/client/service-state';
import type { Lang } from '../../api/vocabulary';
import { createTranslator, type Translate } from './i18n';

export interface UiContextValue {
  /** Language of the pane's words. */
  uiLang: Lang;
  t: Translate;
  /** True while any section runs a task: other actions wait. */
  busy: boolean;
  /** Marks a task as running; call the returned function when it ends. */
  enterBusy: () => () => void;
  /** Excel (or the workbench's double) is there to write to. */
  inExcel: boolean;
  /** How the service behaves now, for progress text ('ok' when nothing is worth saying). */
  service?: ServiceCondition;
}

export const UiContext = createContext<UiContextValue>({
  uiLang: 'en',
  t: createTranslator('en'),
  busy: false,
  enterBusy: () => () => undefined,
  inExcel: false,
});

export function useUi(): UiContextValue {
  return useContext(UiContext);
}
