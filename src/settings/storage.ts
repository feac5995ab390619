/**
 * Where PartSpec keeps the API key and preferences. In Excel this is OfficeRuntime.storage:
 * persistent, shared by the taskpane, the functions and the commands, kept per add-in domain on
 * this machine (unencrypted, 10 MB), and never inside the workbook. Excel has no roaming
 * settings (that API is Outlook-only), so nothing follows the user to another machine.
 */
export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** A storage that lives as long as the page: for tests and for hosts without any storage. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => {
      map.set(key, value);
    },
    removeItem: async (key) => {
      map.delete(key);
    },
  };
}

interface OfficeRuntimeStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/**
 * The best storage the host offers: OfficeRuntime.storage inside Office, the browser's
 * localStorage in the development workbench, memory otherwise.
 */
export function detectStorage(scope: { OfficeRuntime?: { storage?: OfficeRuntimeStorage }; localStorage?: Storage } = globalThis as never): KeyValueStorage {
  const office = scope.OfficeRuntime?.storage;
  if (office) {
    return {
      getItem: (key) => office.getItem(key),
      setItem: (key, value) => office.setItem(key, value),
      removeItem: (key) => office.removeItem(key),
    };
  }
  const local = scope.localStorage;
  if (local) {
    return {
      getItem: async (key) => local.getItem(key),
      setItem: async (key, value) => local.setItem(key, value),
      removeItem: async (key) => local.removeItem(key),
    };
  }
  return createMemoryStorage();
}
