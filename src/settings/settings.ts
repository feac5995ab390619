import { DEFAULT_LANG, isLang, type Lang } from '../../api/vocabulary';
import { checkBaseUrl, SERVED_API_BASE_META } from '../../api/base-url';
import { DEFAULT_ENRICH_FIELDS } from '../../core/enrich/default-fields';
import type { KeyValueStorage } from './storage';

export { checkBaseUrl, SERVED_API_BASE_META } from '../../api/base-url';

export type UiLanguage = 'auto' | Lang;

/** Preferences shared by the taskpane, the functions and the commands. Never the key. */
export interface Preferences {
  /** Base URL of the Product Information API. */
  baseUrl: string;
  /** Language of the data (list values, status, category names). @default 'en' */
  lang: Lang;
  /** How long looked-up data is reused, in hours. @default 24 */
  cacheTtlHours: number;
  /** Language of the taskpane; `auto` follows Office's display language. @default 'auto' */
  uiLanguage: UiLanguage;
  /** Fields the Enrich selection command adds when run from the ribbon. */
  enrichFields: string[];
  /** Enrich writes values (a snapshot) or PART.SPEC formulas (live). @default 'values' */
  enrichMode: 'values' | 'formulas';
  enrichRisk: boolean;
  enrichAlternatives: boolean;
  /** Enrich BOM adds a `PartSpec: Replacement` column for rows at Risk or EOL. */
  enrichReplacements: boolean;
  /** Enrich BOM adds a `PartSpec: Suggested` column: the maker's parts for generic lines and other makers' numbers. */
  enrichSuggest: boolean;
  /** Units picked per numeric field in Enrich BOM (absent: the datasheet display), so the ribbon writes the same. */
  enrichUnits: Record<string, string>;
}

/** Where the key is kept in the host's storage (the browser tests save it there before the pane loads). */
export const KEY_STORAGE_NAME = 'partspec.apiKey';
/** Where the preferences are kept, as JSON (the browser tests save some there before the pane loads). */
export const PREFERENCES_STORAGE_NAME = 'partspec.preferences';


/** The API address the hosting server named in the page, if any. */
function servedBaseUrl(scope: { document?: { querySelector?(selector: string): { getAttribute(name: string): string | null } | null } } = globalThis as never): string | undefined {
  const content = scope.document?.querySelector?.(`meta[name="${SERVED_API_BASE_META}"]`)?.getAttribute('content')?.trim();
  return content && checkBaseUrl(content) === undefined ? content : undefined;
}

/**
 * The default base URL: the hosting PartSpec server's own address when the page names one, else
 * the build's own default (the local emulator in development builds).
 */
function buildDefaultBaseUrl(): string {
  const served = servedBaseUrl();
  if (served) return served;
  // The bundler replaces this exact expression at build time; in Node it is read at run time.
  try {
    return process.env.PARTSPEC_DEFAULT_BASE_URL ?? '';
  } catch {
    return '';
  }
}

export function defaultPreferences(baseUrl = buildDefaultBaseUrl()): Preferences {
  return {
    baseUrl,
    lang: DEFAULT_LANG,
    cacheTtlHours: 24,
    uiLanguage: 'auto',
    enrichFields: [...DEFAULT_ENRICH_FIELDS],
    enrichMode: 'values',
    enrichRisk: true,
    enrichAlternatives: false,
    enrichReplacements: false,
    enrichSuggest: false,
    enrichUnits: {},
  };
}


/** A field → unit map as stored, or undefined when it is not one. */
function unitChoices(v: unknown): Record<string, string> | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const entries = Object.entries(v as Record<string, unknown>);
  return entries.every(([, unit]) => typeof unit === 'string') ? Object.fromEntries(entries as [string, string][]) : undefined;
}

function sanitize(raw: unknown, defaults: Preferences): Preferences {
  const p = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof Preferences, unknown>>;
  const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);
  return {
    baseUrl: typeof p.baseUrl === 'string' && p.baseUrl ? p.baseUrl : defaults.baseUrl,
    lang: isLang(p.lang) ? p.lang : defaults.lang,
    cacheTtlHours: typeof p.cacheTtlHours === 'number' && p.cacheTtlHours >= 0 && p.cacheTtlHours <= 24 * 30 ? p.cacheTtlHours : defaults.cacheTtlHours,
    uiLanguage: p.uiLanguage === 'auto' || isLang(p.uiLanguage) ? p.uiLanguage : defaults.uiLanguage,
    enrichFields: strings(p.enrichFields) ?? defaults.enrichFields,
    enrichMode: p.enrichMode === 'formulas' ? 'formulas' : p.enrichMode === 'values' ? 'values' : defaults.enrichMode,
    enrichRisk: typeof p.enrichRisk === 'boolean' ? p.enrichRisk : defaults.enrichRisk,
    enrichAlternatives: typeof p.enrichAlternatives === 'boolean' ? p.enrichAlternatives : defaults.enrichAlternatives,
    enrichReplacements: typeof p.enrichReplacements === 'boolean' ? p.enrichReplacements : defaults.enrichReplacements,
    enrichSuggest: typeof p.enrichSuggest === 'boolean' ? p.enrichSuggest : defaults.enrichSuggest,
    enrichUnits: unitChoices(p.enrichUnits) ?? defaults.enrichUnits,
  };
}

export type SettingsListener = (preferences: Preferences) => void;

/** Reads and writes the key and the preferences; tells listeners when preferences change. */
export interface SettingsStore {
  getApiKey(): Promise<string | undefined>;
  setApiKey(key: string): Promise<void>;
  clearApiKey(): Promise<void>;
  load(): Promise<Preferences>;
  save(changes: Partial<Preferences>): Promise<Preferences>;
  subscribe(listener: SettingsListener): () => void;
}

export function createSettingsStore(storage: KeyValueStorage, defaults: Preferences = defaultPreferences()): SettingsStore {
  const listeners = new Set<SettingsListener>();
  const load = async (): Promise<Preferences> => {
    const text = await storage.getItem(PREFERENCES_STORAGE_NAME);
    if (!text) return { ...defaults };
    try {
      return sanitize(JSON.parse(text), defaults);
    } catch {
      return { ...defaults };
    }
  };
  return {
    async getApiKey() {
      const key = (await storage.getItem(KEY_STORAGE_NAME))?.trim();
      return key ? key : undefined;
    },
    async setApiKey(key) {
      const trimmed = key.trim();
      if (trimmed) await storage.setItem(KEY_STORAGE_NAME, trimmed);
      else await storage.removeItem(KEY_STORAGE_NAME);
    },
    clearApiKey: () => storage.removeItem(KEY_STORAGE_NAME),
    load,
    async save(changes) {
      const next = sanitize({ ...(await load()), ...changes }, defaults);
      await storage.setItem(PREFERENCES_STORAGE_NAME, JSON.stringify(next));
      listeners.forEach((l) => l(next));
      return next;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The language the taskpane and the ribbon's notices and sheets speak: the override from Settings, else Office's display language
 * (`ja-JP` → ja, `zh-CN`/`zh-TW` → zh), else English.
 */
export function resolveUiLanguage(override: UiLanguage | undefined, displayLanguage: string | undefined): Lang {
  if (override && override !== 'auto') return override;
  const primary = (displayLanguage ?? '').toLowerCase().split(/[-_]/)[0];
  return isLang(primary) ? primary : 'en';
}
