import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, isLanguage, LANG_STORAGE_KEY, LANGUAGES, type Language } from './language.ts';
import {
  bundleOf,
  FEATURE_BUNDLES,
  FEATURE_NAMESPACES,
  resources,
  type AllResources,
  type FeatureBundle,
  type FeatureNamespace,
} from './resources.ts';

export { LANGUAGES, type Language } from './language.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: AllResources;
  }
}

function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function applyHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'zh' ? 'zh-CN' : lng;
}

i18next.on('languageChanged', applyHtmlLang);

/** Synchronous init: the resources are bundled, so the first render already has its strings. */
void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(localStore(), globalThis.navigator?.languages),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  react: { useSuspense: false },
});

const loading = new Map<FeatureBundle, Promise<void>>();

/**
 * Adds these namespaces (both languages) once each, with the rest of their chunk; a failed fetch is
 * retried on the next call.
 */
export function loadNamespaces(namespaces: readonly FeatureNamespace[]): Promise<void> {
  const bundles = [...new Set(namespaces.map(bundleOf))];
  return Promise.all(
    bundles.map((name) => {
      let pending = loading.get(name);
      if (!pending) {
        pending = Promise.all(
          LANGUAGES.map(async (lng) => {
            const texts = (await FEATURE_BUNDLES[name][lng]()).default;
            for (const [ns, bundle] of Object.entries(texts)) i18next.addResourceBundle(lng, ns, bundle, false, true);
          }),
        ).then(
          () => undefined,
          (error: unknown) => {
            loading.delete(name);
            throw error;
          },
        );
        loading.set(name, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** Adds the signed-in screens' namespaces (both languages) once; the app's root loader awaits it with the shell chunk. */
export function loadFeatureNamespaces(): Promise<void> {
  return loadNamespaces(FEATURE_NAMESPACES);
}

/** Persists the choice in localStorage `lang`, switches the UI and sets `<html lang>`. */
export async function setLanguage(lng: Language): Promise<void> {
  if (!isLanguage(lng)) throw new RangeError(`unsupported language: ${String(lng)}`);
  try {
    localStore()?.setItem(LANG_STORAGE_KEY, lng);
  } catch {
    // storage unavailable (privacy mode): the switch still applies to this page
  }
  await i18next.changeLanguage(lng);
  applyHtmlLang(lng);
}

/** The current UI language. */
export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : 'en';
}

export const i18n = i18next;
export default i18next;
