import { startEmulator, DEMO_KEY, type RunningEmulator } from '../../emulator';
import { createClient, type Client } from '../../api/client';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import type { DocumentSettings } from '../../src/sheets/deps';

export interface Rig {
  emulator: RunningEmulator;
  client: Client;
  excel: ExcelDouble;
  settings: DocumentSettings;
}

export async function startRig(options: Parameters<typeof startEmulator>[0] = {}, key = DEMO_KEY): Promise<Rig> {
  const emulator = await startEmulator({ port: 0, ...options });
  const client = createClient({ baseUrl: emulator.url, apiKey: key, retry: false, cache: false });
  const excel = createExcelDouble();
  return { emulator, client, excel, settings: excel.office.context.document.settings };
}

/** A fresh workbook and client on an already running emulator. */
export function freshWorkbook(rig: Rig, key = DEMO_KEY, clientOptions: Partial<Parameters<typeof createClient>[0]> = {}): Rig {
  const excel = createExcelDouble();
  const client = createClient({ baseUrl: rig.emulator.url, apiKey: key, retry: false, cache: false, ...clientOptions });
  return { ...rig, excel, client, settings: excel.office.context.document.settings };
}

/**
 * Starts the emulator and a workbook for the file's tests (`beforeAll`) and stops the emulator
 * afterwards (`afterAll`); read the rig's fields inside tests.
 */
export function useRig(options: Parameters<typeof startEmulator>[0] = {}): Rig {
  const rig = {} as Rig;
  beforeAll(async () => {
    Object.assign(rig, await startRig(options));
  });
  afterAll(async () => {
    await rig.emulator?.close();
  });
  return rig;
}

/** What the sheet writers take: the rig's workbook, client and settings, on a fixed day. */
export const depsOn = (r: Rig, day = '2025-06-15T10:00:00Z') => ({ run: r.excel.run, client: r.client, settings: r.settings, now: () => new Date(day) });
