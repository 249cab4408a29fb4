/**
 * Languages: English and Brazilian Portuguese through i18next.
 *
 * - Every string a player reads comes from `t('namespace:key', params)`; the dictionaries are `en/*.ts` (the source)
 *   and `pt-BR/*.ts` (typed `Translation<typeof en…>`, so a missing key does not compile; i18n.test.ts checks keys,
 *   `{{placeholders}}` and plural forms of both languages at run time too).
 * - Plurals: `cards_one` / `cards_other` with `{ count }`. "You" forms: a `_me` context, `t('k', { context: 'me' })`
 *   picks `k_me` (English verbs agree: "You take" / "Ann takes").
 * - The language: the one picked before (localStorage `tumbleweed:lang`), else the browser's (`pt`, `pt-PT`… →
 *   pt-BR), else English. `setLanguage` switches once the words are there; pages listen with `onLanguageChanged` and
 *   redraw.
 * - English is in the page's first script; Portuguese is a chunk of its own (portuguese.ts), fetched only for a page
 *   shown in Portuguese. `ready` settles once the page's language can be shown (main.ts draws the first page after
 *   it); if Portuguese cannot be fetched, the page stays in English.
 */
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { en } from './en';
import { zeroIsPlural } from './plural';
import type { Translation } from './types';

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'pt-BR', name: 'Português' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_KEY = 'tumbleweed:lang';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    /** Keys are checked at compile time; values typed as plain strings so `{{n}}` takes numbers too. */
    resources: Translation<typeof en>;
  }
}

/** A detected browser language as one we have: any Portuguese → pt-BR, anything else → English. */
export function supported(lng: string | undefined | null): Language {
  return lng && /^pt\b/i.test(lng) ? 'pt-BR' : 'en';
}

type Namespace = keyof typeof en;
/** The words of a language other than English, one namespace at a time (the chunk is fetched once). */
const fetchWords = resourcesToBackend((_lng: string, ns: Namespace) => import('./portuguese').then((m) => m.ptBR[ns]));

/** Settles once the page's language can be shown (in English if its words could not be fetched). */
export const ready: Promise<void> = i18next
  .use(LanguageDetector)
  .use(fetchWords)
  .init({
    resources: { en },
    partialBundledLanguages: true,
    ns: Object.keys(en),
    defaultNS: 'common',
    fallbackLng: 'en',
    supportedLngs: ['en', 'pt-BR'],
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // (no promotional console line on every page)
    showSupportNotice: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => console.error(`i18n: missing key ${ns}:${key}`),
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: (lng: string) => supported(lng),
    },
  })
  .then(() => {
    document.documentElement.lang = language();
  });
zeroIsPlural(i18next);
i18next.on('languageChanged', () => (document.documentElement.lang = language()));

export const t = i18next.t.bind(i18next);

export function language(): Language {
  return supported(i18next.resolvedLanguage ?? i18next.language);
}

export function setLanguage(lng: Language): void {
  if (lng === language()) return;
  void i18next.changeLanguage(lng);
}

/** Calls `fn` after every language switch; returns the unsubscribe. */
export function onLanguageChanged(fn: () => void): () => void {
  i18next.on('languageChanged', fn);
  return () => i18next.off('languageChanged', fn);
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cid" — "Ann e Bob" in Portuguese. */
export function listNames(names: readonly string[]): string {
  return new Intl.ListFormat(language(), { type: 'conjunction' }).format(names);
}

/** The language picker for page headers: a labelled `<select>` that switches at once. */
export function languagePicker(): HTMLSelectElement {
  const select = document.createElement('select');
  select.className = 'lang-picker';
  select.setAttribute('aria-label', t('language'));
  select.setAttribute('data-testid', 'language');
  for (const l of LANGUAGES) {
    const o = document.createElement('option');
    o.value = l.code;
    o.textContent = l.name;
    o.lang = l.code;
    o.selected = l.code === language();
    select.append(o);
  }
  select.addEventListener('change', () => setLanguage(supported(select.value)));
  return select;
}
