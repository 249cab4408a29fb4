/**
 * Counts of zero in Brazilian Portuguese read in the plural ("0 Ferimentos", "0 balas"): i18next's CLDR rule for
 * Portuguese put 0 with 1, so every player's line in Saloon read "… · 0 Ferimento" at the start of a game.
 */
import * as lib from 'i18next';
import { en } from './en';
import { zeroIsPlural } from './plural';
import { ptBR } from './pt-BR';

// (jest loads i18next's CommonJS build, where the instance is the module itself; see english.ts)
const i18next = (lib as unknown as { default?: typeof lib.default }).default ?? (lib as unknown as typeof lib.default);
const i18n = i18next.createInstance();
void i18n.init({
  resources: { en, 'pt-BR': ptBR },
  lng: 'pt-BR',
  ns: Object.keys(en),
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});
zeroIsPlural(i18n);
// (keys as plain strings: the test names them as the page's typed calls do not)
const lookUp = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
const t = (lng: string, key: string, vars: Record<string, unknown>) => lookUp(key, { lng, ...vars });

test.each([
  ['pt-BR', 0, '$20 de Saque · $20 de Recompensa · 0 Ferimentos'],
  ['pt-BR', 1, '$20 de Saque · $20 de Recompensa · 1 Ferimento'],
  ['pt-BR', 2, '$20 de Saque · $20 de Recompensa · 2 Ferimentos'],
  ['en', 0, '$20 Loot · $20 Bounty · 0 Wounds'],
  ['en', 1, '$20 Loot · $20 Bounty · 1 Wound'],
])('a Saloon player’s line in %s with %i Wounds', (lng, count, words) => {
  expect(t(lng, 'saloon:ui.seatScore', { loot: 20, bounty: 20, count })).toBe(words);
});

test('a card of no bullets, and a sentence with its own words for none', () => {
  expect(t('pt-BR', 'saloon:card.bullets', { count: 0 })).toBe('0 balas');
  expect(t('pt-BR', 'rattlesnake:scene.graveyardCount', { count: 0 })).toBe('nenhuma carta');
  expect(t('pt-BR', 'rattlesnake:scene.graveyardCount', { count: 1 })).toBe('1 carta');
});
