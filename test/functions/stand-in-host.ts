/**
 * A stand-in Office host for the requirement-set fallbacks: `Office.context.requirements` answers
 * for the sets given (`{ ExcelApi: '1.16' }`: ExcelApi up to 1.16, nothing else), as Excel does.
 */
import { compareVersions } from '../../scripts/requirement-sets';

export interface StandInHost {
  /** The sets the host was asked about, in order (`ExcelApi 1.18`). */
  asked: string[];
  /** Restores the global Office that was there before. */
  remove(): void;
}

export function installHost(sets: Record<string, string>): StandInHost {
  const scope = globalThis as { Office?: unknown };
  const before = scope.Office;
  const asked: string[] = [];
  scope.Office = {
    context: {
      requirements: {
        isSetSupported(name: string, version = '1.1') {
          asked.push(`${name} ${version}`);
          return sets[name] !== undefined && compareVersions(version, sets[name]) <= 0;
        },
      },
    },
  };
  return {
    asked,
    remove() {
      if (before === undefined) delete scope.Office;
      else scope.Office = before;
    },
  };
}
