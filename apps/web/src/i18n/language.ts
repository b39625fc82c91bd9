export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** localStorage key of the chosen language (spec §1: the stored setting 'lang'). */
export const LANG_STORAGE_KEY = 'lang';
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The stored language when it is one we ship, else en. A storage that throws (privacy mode) reads as unset. */
export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LANG_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}
