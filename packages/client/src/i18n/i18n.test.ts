/**
 * Both languages have every key: the same keys, the same `{{placeholders}}` in each string, and both plural forms
 * wherever English has a plural. (The compiler checks the keys too; this also catches placeholders and plurals.)
 */
import { ERROR_CODES } from '@tumbleweed/engine';
import { en } from './en';
import { ptBR } from './pt-BR';

type Dict = { [key: string]: string | Dict };

function leaves(d: Dict, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(d)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const EN = leaves(en as unknown as Dict);
const PT = leaves(ptBR as unknown as Dict);

describe('translations', () => {
  test('every English key has a Portuguese string and no key is only in Portuguese', () => {
    const missing = [...EN.keys()].filter((k) => !PT.has(k));
    const extra = [...PT.keys()].filter((k) => !EN.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  test('no string is empty', () => {
    const empty = [...EN, ...PT].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  test('each Portuguese string uses the same placeholders as its English one', () => {
    const differ = [...EN].filter(([k, v]) => PT.has(k) && placeholders(v).join() !== placeholders(PT.get(k) ?? '').join()).map(([k]) => k);
    expect(differ).toEqual([]);
  });

  test('plural keys come in pairs (_one and _other) in both languages', () => {
    const unpaired = (m: Map<string, string>) =>
      [...m.keys()]
        .filter((k) => /_one(_|$)/.test(k) && !m.has(k.replace(/_one(_|$)/, '_other$1')))
        .concat([...m.keys()].filter((k) => /_other(_|$)/.test(k) && !m.has(k.replace(/_other(_|$)/, '_one$1'))));
    expect({ en: unpaired(EN), pt: unpaired(PT) }).toEqual({ en: [], pt: [] });
  });

  // The compiler makes both languages word every code (Record<ErrorCode, string>); this catches one left in English,
  // which a Portuguese player refused with it would read instead of their language.
  test('every error code a table or the server may send has its own Portuguese words', () => {
    const untranslated = ERROR_CODES.filter((code) => PT.get(`common.errors.${code}`) === EN.get(`common.errors.${code}`));
    expect(untranslated).toEqual([]);
    expect(ERROR_CODES.every((code) => PT.has(`common.errors.${code}`))).toBe(true);
  });

  // "Calamity Kate leva um Hit! Restam 3 Hits à frente dele": a player's name says nothing of whether to write "dele"
  // or "dela" (half the bots are women). Sentences about a player say it without (i18n-glossary.md).
  test('no Portuguese sentence about a player gives them a gender ("dele", "dela", "o último de pé")', () => {
    const player = /\{\{(name|names|threatener|target|a|b|winner|judge|desperado|others)\}\}|quem ameaça/;
    const gendered = [...PT]
      .filter(([, v]) => player.test(v) && /\b(dele|dela|deles|delas)\b|\b(o último|a última) de pé/.test(v))
      .map(([k, v]) => `${k}: ${v}`);
    expect(gendered).toEqual([]);
  });
});
