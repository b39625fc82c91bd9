export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** localStorage key of the chosen language (spec §1: the stored setting 'lang'). */
export const LANG_STORAGE_KEY = 'lang';
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The stored language when it is one we ship, else undefined. A storage that throws (privacy mode) reads as unset. */
function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language | undefined {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LANG_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isLanguage(stored) ? stored : undefined;
}

/** The stored language when it is one we ship, else en. */
export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  return readStoredLanguage(storage) ?? DEFAULT_LANGUAGE;
}

/**
 * The first of the browser's preferred languages (`navigator.languages`, BCP 47 tags in order of
 * preference) that we ship, by its primary subtag: zh-CN, zh-TW, zh-Hans and zh are all zh.
 */
export function browserLanguage(preferred: readonly string[] | undefined): Language | undefined {
  for (const tag of preferred ?? []) {
    const primary = tag.split(/[-_]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * The language of the first render: the stored `lang` (spec §1) wins; on a first visit (nothing
 * stored) the browser's preferred languages decide; en otherwise. The browser's choice is not
 * stored: only the user's own choice is.
 */
export function initialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined,
  preferred: readonly string[] | undefined,
): Language {
  return readStoredLanguage(storage) ?? browserLanguage(preferred) ?? DEFAULT_LANGUAGE;
}
