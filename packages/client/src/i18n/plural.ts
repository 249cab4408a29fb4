import type { i18n as I18n } from 'i18next';

/**
 * Brazilian Portuguese counts nothing in the plural: "0 Ferimentos", "0 balas", "0 cartas". The CLDR rule i18next
 * reads (Intl.PluralRules) puts 0 with 1 in Portuguese, and every count of zero read in the singular: "$20 de Saque ·
 * $20 de Recompensa · 0 Ferimento" beside each player at the start of a game of Saloon. A `_zero` key still comes
 * first where a sentence has one ("nenhuma carta").
 */
export function zeroIsPlural(i18n: I18n): void {
  const resolver = i18n.services.pluralResolver as {
    getSuffix(code: string, count: number, options?: { ordinal?: boolean }): string;
    options: { prepend?: string };
  };
  const suffix = resolver.getSuffix.bind(resolver);
  resolver.getSuffix = (code, count, options = {}) =>
    count === 0 && !options.ordinal && /^pt\b/i.test(code) ? `${resolver.options.prepend ?? '_'}other` : suffix(code, count, options);
}
