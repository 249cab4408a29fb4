import * as lib from 'i18next';
import { en } from './en';
import { ptBR } from './pt-BR';

/**
 * For tests in Node (jest): what `./index` exports, with the page's English words through a fresh i18next and no
 * browser language detector. `jest.mock('../i18n', () => jest.requireActual('../i18n/english').english())`.
 */
export function english(): { t: typeof lib.t; listNames: (names: string[]) => string; language: () => string } {
  // (Vite bundles i18next's ES module; jest loads its CommonJS build, where the instance is the module itself)
  const i18next = (lib as unknown as { default?: typeof lib.default }).default ?? (lib as unknown as typeof lib.default);
  const i18n = i18next.createInstance();
  void i18n.init({ resources: { en }, lng: 'en', ns: Object.keys(en), defaultNS: 'common', initAsync: false, interpolation: { escapeValue: false } });
  return {
    t: i18n.t.bind(i18n),
    listNames: (names) => names.join(', '),
    language: () => 'en',
  };
}

/** The same for the page's Portuguese words (pt-BR): `jest.mock('../i18n', () => jest.requireActual('../i18n/english').portuguese())`. */
export function portuguese(): ReturnType<typeof english> {
  const i18next = (lib as unknown as { default?: typeof lib.default }).default ?? (lib as unknown as typeof lib.default);
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { 'pt-BR': ptBR },
    lng: 'pt-BR',
    ns: Object.keys(ptBR),
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return { t: i18n.t.bind(i18n), listNames: (names) => names.join(', '), language: () => 'pt-BR' };
}
