/*
 * The build plan of a portfolio: a small table of BOM → builds. A line names a BOM file by its name
 * (`main-board.xlsx`, every BOM sheet of it) or one sheet of it (`main-board.xlsx#Rev B`); the
 * builds are a whole number. A header row (`BOM, Builds`) is optional.
 */
import { foldCase } from '../fold';
import { MAX_BUILDS, parseBuilds } from '../report/quantities';

/** One line of the plan. */
export interface PlanLine {
  /** The file's name as the plan writes it. */
  file: string;
  /** The sheet, when the line names one (`file#sheet`). */
  sheet?: string;
  builds: number;
  /** 1-based line of the plan, for a sentence naming it. */
  line: number;
}

/** A plan read, or the sentence of why not. */
export type ParsedPlan = { ok: true; lines: PlanLine[] } | { ok: false; message: string };

const HEADER_WORDS = new Set(['bom', 'file', 'board', 'builds', 'build', 'quantity', 'qty']);

/** The plan of a table's rows (cells as read from CSV); refuses a line whose builds are not 1 to MAX_BUILDS. */
export function parseBuildPlan(rows: readonly (readonly unknown[])[]): ParsedPlan {
  const lines: PlanLine[] = [];
  for (let r = 0; r < rows.length; r++) {
    const [name, builds] = [String(rows[r][0] ?? '').trim(), String(rows[r][1] ?? '').trim()];
    if (name === '' && builds === '') continue;
    if (r === 0 && HEADER_WORDS.has(foldCase(name)) && HEADER_WORDS.has(foldCase(builds))) continue;
    const parsed = parseBuilds(builds);
    if (name === '' || parsed === undefined || parsed === 'invalid') {
      return { ok: false, message: `line ${r + 1} of the plan should be a BOM file name and its builds (1 to ${MAX_BUILDS.toLocaleString('en-US')}), e.g. "main-board.xlsx,250"; it reads "${name},${builds}"` };
    }
    const hash = name.lastIndexOf('#');
    const file = hash > 0 ? name.slice(0, hash).trim() : name;
    const sheet = hash > 0 ? name.slice(hash + 1).trim() : undefined;
    lines.push({ file, ...(sheet ? { sheet } : {}), builds: parsed, line: r + 1 });
  }
  return { ok: true, lines };
}

/** Whether a plan's file name names `file` (a path as given): the same path, or the same last part, in any letter case. */
function namesFile(planned: string, file: string): boolean {
  const norm = (path: string): string => path.replace(/\\/g, '/').replace(/^\.\//, '').toLowerCase();
  const a = norm(planned);
  const b = norm(file);
  return a === b || b.endsWith(`/${a}`);
}

/**
 * The builds of one BOM sheet: the plan's line naming that sheet, else the line naming its file,
 * else `fallback`. Marks the lines used in `used`, so the shell can name the lines that named no BOM.
 */
export function buildsOf(lines: readonly PlanLine[], file: string, sheet: string, fallback: number, used?: Set<PlanLine>): number {
  const forSheet = lines.find((l) => l.sheet !== undefined && namesFile(l.file, file) && foldCase(l.sheet) === foldCase(sheet));
  const forFile = forSheet ?? lines.find((l) => l.sheet === undefined && namesFile(l.file, file));
  if (!forFile) return fallback;
  used?.add(forFile);
  return forFile.builds;
}
