import type { Locale } from '@rampart/contracts';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../../locales/en';
import { appLocales } from '../locales';
import { installCachedFormats } from './formatters';

export type Catalogue = typeof en;
export type Namespace = keyof Catalogue;

export const namespaces = [
  'auth',
  'chat',
  'common',
  'content',
  'cookies',
  'errors',
  'game',
  'onboarding',
  'players',
  'profile',
  'realtime',
  'screens',
  'sessions',
  'trainer',
  'contentAuthoring',
  'cockpit',
  'debrief',
] as const satisfies readonly Namespace[];
export const defaultNamespace = 'common' satisfies Namespace;

// One chunk per language, fetched on demand: a catalogue never weighs on the other language's pages.
const catalogueModules = import.meta.glob<{ default: Record<Namespace, object> }>(
  '../../locales/*/index.ts',
);

export const loadCatalogue = async (locale: Locale): Promise<Record<Namespace, object>> => {
  const load = catalogueModules[`../../locales/${locale}/index.ts`];
  if (!load) throw new Error(`No catalogue for locale ${locale}`);
  return (await load()).default;
};

const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadCatalogue(language as Locale).then(
      (catalogue) => callback(null, catalogue[namespace as Namespace] as Record<string, unknown>),
      (error: Error) => callback(error, null),
    );
  },
};

/** The app's single i18next instance (react-i18next's hooks use it). */
export const i18n = i18next.createInstance();

const syncDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
};

export const initI18n = async (locale: Locale): Promise<void> => {
  if (i18n.isInitialized) {
    await i18n.changeLanguage(locale);
    return;
  }
  i18n.on('languageChanged', syncDocumentLanguage);
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      // Both catalogues hold every key (locales/catalogues.test.ts): no fallback language to fetch.
      fallbackLng: false,
      supportedLngs: [...appLocales],
      ns: [...namespaces],
      defaultNS: defaultNamespace,
      load: 'currentOnly',
      interpolation: { escapeValue: false }, // React escapes already
      returnEmptyString: false,
      react: { useSuspense: false },
    });
  installCachedFormats(i18n);
};
