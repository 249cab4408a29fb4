/**
 * The full rules of each game: the documents under docs/rules (English) and docs/rules/pt-BR (Brazilian Portuguese),
 * bundled as text and turned into HTML with `marked`, in the player's language. Loaded on demand (rules.ts imports
 * this module with `import()`), so the lobby does not carry the rulebooks. The markdown is our own (not user input),
 * so its HTML is trusted. Players read it without the developers' marks (rules-text.ts): no developer notes, and the
 * project's decisions read as plain rules.
 */
import { Marked } from 'marked';
import duelRules from '../../../docs/rules/duel.md?raw';
import rattlesnakeRules from '../../../docs/rules/rattlesnake.md?raw';
import saloonRules from '../../../docs/rules/saloon-showdown.md?raw';
import duelPt from '../../../docs/rules/pt-BR/duel.md?raw';
import rattlesnakePt from '../../../docs/rules/pt-BR/rattlesnake.md?raw';
import saloonPt from '../../../docs/rules/pt-BR/saloon-showdown.md?raw';
import { h } from './dom';
import { language, t, type Language } from './i18n';
import { playerMarkdown } from './rules-text';

const RULES: Record<Language, Record<string, string>> = {
  en: { duel: duelRules, rattlesnake: rattlesnakeRules, saloon: saloonRules },
  'pt-BR': { duel: duelPt, rattlesnake: rattlesnakePt, saloon: saloonPt },
};

const marked = new Marked({ gfm: true, async: false });

/** The full rules of one game as an `<article>`, as players read them. */
export function rulesArticle(gameId: string): HTMLElement {
  const article = h('article', { class: 'rules-doc', 'data-testid': 'rules' });
  const md = RULES[language()][gameId] ?? RULES.en[gameId];
  if (!md) {
    article.append(h('p', {}, t('rules.none', { game: gameId })));
    return article;
  }
  article.innerHTML = marked.parse(playerMarkdown(md)) as string;
  // Links in the rules open elsewhere, never over the table.
  for (const a of article.querySelectorAll('a[href^="http"]')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener');
  }
  for (const table of article.querySelectorAll('table')) {
    const scroll = h('div', { class: 'table-scroll' });
    table.before(scroll);
    scroll.append(table);
  }
  return article;
}
