/**
 * What the browser project costs besides its files (costs.js counts those), recorded with
 * PARTSPEC_TEST_COSTS=FOLDER into FOLDER/browser-<pid>.json: the workbench build the global setup
 * makes (wall and processor seconds) and the processor seconds of the run's shared Chromium, all
 * its processes together (renderers, GPU, network), which no file's figures include. Linux only
 * (/proc); a no-op elsewhere or unset.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CostWatch {
  /** Resolves as `build` does, noting its seconds. */
  timeBuild<T>(build: Promise<T>): Promise<T>;
  /** Writes the figures, with Chromium's processor seconds so far (call before closing it). */
  record(chromiumPid: number | undefined): void;
}

/** Fields after the command name of /proc/PID/stat (utime is [11], stime [12], cutime [13], cstime [14], ppid [1]). */
function statFields(pid: number | 'self'): string[] {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** Processor seconds of a process, of the children it reaped, and of every live descendant. */
function treeSeconds(root: number): number {
  const children = new Map<number, number[]>();
  const fields = new Map<number, string[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = statFields(Number(name));
      fields.set(Number(name), f);
      children.set(Number(f[1]), [...(children.get(Number(f[1])) ?? []), Number(name)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let ticks = 0;
  const visit = (pid: number): void => {
    const f = fields.get(pid);
    if (f) ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(f[i]), 0);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return ticks / 100;
}

/** Processor seconds of the children this process has reaped (the build's webpack). */
const reapedSeconds = (): number => (Number(statFields('self')[13]) + Number(statFields('self')[14])) / 100;

export function startCostWatch(): CostWatch {
  const folder = process.env.PARTSPEC_TEST_COSTS;
  const figures: Record<string, number> = {};
  const on = Boolean(folder) && existsSync('/proc/self/stat');
  return {
    async timeBuild(build) {
      if (!on) return build;
      const start = { wall: Date.now(), cpu: reapedSeconds() };
      try {
        return await build;
      } finally {
        figures.buildWall = +((Date.now() - start.wall) / 1000).toFixed(2);
        figures.buildCpu = +(reapedSeconds() - start.cpu).toFixed(2);
      }
    },
    record(chromiumPid) {
      if (!on || !folder) return;
      if (chromiumPid) figures.chromiumCpu = +treeSeconds(chromiumPid).toFixed(2);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `browser-${process.pid}.json`), `${JSON.stringify(figures)}\n`);
    },
  };
}
