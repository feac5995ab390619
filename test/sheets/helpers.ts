import { startEmulator, DEMO_KEY, type RunningEmulator } from '../../emulator';
import { createClient, type Client } from '../../api/client';
import { createExcelDouble, type ExcelDouble } from '../../src/workbench/excel-double';
import type { DocumentSettings } from '../../src/sheets';

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
