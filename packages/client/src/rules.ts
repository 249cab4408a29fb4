/**
 * In-app rules: the rule documents under docs/rules (English) and docs/rules/pt-BR (Brazilian Portuguese), bundled
 * as text at build time and turned into HTML with `marked`, in the player's language. The markdown is our own (not
 * user input), so its HTML is trusted. Players read it without the developers' marks (rules-text.ts): no developer
 * notes, and the project's decisions read as plain rules.
 */
import { Marked } from 'marked';
import duelRules from '../../../docs/rules/duel.md?raw';
import rattlesnakeRules from '../../../docs/rules/rattlesnake.md?raw';
import saloonRules from '../../../docs/rules/saloon-showdown.md?raw';
import duelPt from '../../../docs/rules/pt-BR/duel.md?raw';
import rattlesnakePt from '../../../docs/rules/pt-BR/rattlesnake.md?raw';
import saloonPt from '../../../docs/rules/pt-BR/saloon-showdown.md?raw';
import { h } from './dom';
import { language, languagePicker, t, type Language } from './i18n';
import { playerMarkdown } from './rules-text';

const RULES: Record<Language, Record<string, string>> = {
  en: { duel: duelRules, rattlesnake: rattlesnakeRules, saloon: saloonRules },
  'pt-BR': { duel: duelPt, rattlesnake: rattlesnakePt, saloon: saloonPt },
};

const marked = new Marked({ gfm: true, async: false });

export function hasRules(gameId: string): boolean {
  return gameId in RULES.en;
}

/** The rules of one game as an `<article>`, as players read them. */
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

/** The `#/rules/GAME` page. */
export function mountRules(root: HTMLElement, gameId: string, back: () => void): () => void {
  const backBtn = h('button', { type: 'button', class: 'secondary' }, t('back'));
  backBtn.addEventListener('click', back);
  root.replaceChildren(h('div', { class: 'rules-page' }, h('nav', { class: 'rules-nav' }, backBtn, languagePicker()), h('div', { class: 'panel' }, rulesArticle(gameId))));
  window.scrollTo(0, 0);
  return () => undefined;
}

/** The rules over the current page (used at a table, where leaving the page would leave the table). */
export function openRulesDialog(gameId: string): void {
  const closeBtn = h('button', { type: 'button', class: 'secondary rules-close' }, t('close'));
  const dialog = h('dialog', { class: 'rules-dialog', 'aria-label': t('rules.title'), lang: language() }, closeBtn, rulesArticle(gameId));
  closeBtn.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (ev) => {
    if (ev.target === dialog) dialog.close(); // a click on the backdrop
  });
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
