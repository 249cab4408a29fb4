/**
 * Rules for players: a short "How to play" per game (the goal, a turn, how you win, pictures of real cards from the
 * engine's card lists, the keyboard shortcuts) with the full rules a tap away. The full rules (the rulebooks and
 * `marked`, rules-full.ts) load only when asked for, so the lobby stays light.
 *
 * - `#/rules/GAME`: a page (mountRules).
 * - At a table: a panel (openRulesDialog) that leaves the status bar and its countdown in sight — a side sheet on a
 *   wide screen, a bottom sheet below the status bar on a phone. It is not modal: the game goes on and stays
 *   playable; Esc or Close puts focus back where it was (the Rules button).
 */
import './rules.css';
// (the engine's own files, not its index: the rules page is part of the first page, which carries no game's rules code)
import type { Duel, Saloon } from '@tumbleweed/engine';
import { CARDS as DUEL_CARDS, FULL_HAND } from '@tumbleweed/engine/duel/cards';
import { ACTIONS } from '@tumbleweed/engine/rattlesnake/cards';
import { CARDS as SALOON_CARDS } from '@tumbleweed/engine/saloon/cards';
import { h } from './dom';
import { gameById } from './games';
import { language, languagePicker, t } from './i18n';

const GAMES_WITH_RULES = new Set(['duel', 'rattlesnake', 'saloon']);

export function hasRules(gameId: string): boolean {
  return GAMES_WITH_RULES.has(gameId);
}

function gameTitle(gameId: string): string {
  return gameById(gameId)?.title ?? gameId;
}

// ---- Card pictures (HTML/CSS mock-ups of real cards) ----

function duelCards(): HTMLElement[] {
  const counts = new Map<Duel.Card, number>();
  for (const c of FULL_HAND) counts.set(c, (counts.get(c) ?? 0) + 1);
  return DUEL_CARDS.map((c) => {
    const name = t(`duel:cards.${c}`);
    const n = counts.get(c) ?? 0;
    return h(
      'div',
      { class: `mini-card duel-card duel-${c}`, role: 'img', 'aria-label': `${name}${n > 1 ? ` ×${n}` : ''}: ${t(`howto:duel.${c}`)}` },
      h('span', { class: 'mini-name' }, name, n > 1 ? h('span', { class: 'mini-count' }, ` ×${n}`) : null),
      icon(DUEL_ICON[c]),
      h('span', { class: 'mini-text' }, t(`howto:duel.${c}`)),
    );
  });
}

/** Little drawings of the cards (inline SVG, drawn in the text colour). */
const SVG = (body: string) => `<svg viewBox="0 0 48 24" width="48" height="24" fill="currentColor" aria-hidden="true">${body}</svg>`;
const DUEL_ICON: Record<Duel.Card, string> = {
  pistol: SVG('<path d="M8 6h30v6H22l-2 3h-3l-3 8H7l4-11H8z"/><rect x="38" y="7" width="4" height="3"/>'),
  rifle: SVG('<path d="M1 14l9-3h36v4H20l-4 2H9l-6 3z"/><rect x="26" y="8" width="6" height="3"/>'),
  barricade: SVG(
    '<rect x="6" y="3" width="36" height="5" rx="1"/><rect x="6" y="10" width="36" height="5" rx="1"/><rect x="10" y="16" width="4" height="8"/><rect x="34" y="16" width="4" height="8"/>',
  ),
  reload: SVG('<path d="M24 3a9 9 0 1 0 9 9h-4a5 5 0 1 1-5-5v4l7-6-7-6z"/>'),
};

function icon(svg: string): HTMLElement {
  const span = h('span', { class: 'mini-icon', 'aria-hidden': 'true' });
  span.innerHTML = svg; // our own drawing, no text
  return span;
}

function rattlesnakeCards(): HTMLElement[] {
  const picks = ['focus', 'take-cover', 'double-tap'];
  const actions = ACTIONS.filter((a) => picks.includes(a.ability));
  const cards = actions.map((a) =>
    h(
      'div',
      {
        class: 'mini-card rattle-card',
        role: 'img',
        'aria-label': `${a.name}, ${t('howto:rattlesnake.value', { value: a.value })}: ${t(`rattlesnake:ability.${a.ability}`)}`,
      },
      h('span', { class: 'mini-value', 'aria-hidden': 'true' }, String(a.value)),
      h('span', { class: 'mini-name' }, a.name),
      h('span', { class: 'mini-text' }, t(`rattlesnake:ability.${a.ability}`)),
    ),
  );
  const hit = h(
    'div',
    { class: 'mini-card rattle-card rattle-hit', role: 'img', 'aria-label': t('howto:rattlesnake.hit') },
    h('span', { class: 'mini-name' }, t('howto:rattlesnake.hitName')),
    icon(SVG('<path d="M24 1l3 8 8-4-4 8 9 3-9 3 4 8-8-4-3 8-3-8-8 4 4-8-9-3 9-3-4-8 8 4z"/>')),
    h('span', { class: 'mini-text' }, t('howto:rattlesnake.hit')),
  );
  return [...cards, hit];
}

const GUN_GLYPH: Record<Saloon.Colour, string> = { red: '●', blue: '■', green: '▲', yellow: '◆' };

function saloonCards(): HTMLElement[] {
  const wanted: [Saloon.Colour, number, Saloon.SymbolKind | null][] = [
    ['red', 2, null],
    ['blue', 1, 'booty'],
    ['green', 3, null],
    ['yellow', 0, 'wanted'],
  ];
  return wanted.flatMap(([colour, bullets, symbol]) => {
    const card = SALOON_CARDS.find((c) => c.colour === colour && c.bullets === bullets && c.symbol === symbol);
    if (!card) return [];
    const words = t('howto:saloon.card', {
      colour: t(`saloon:colour.${card.colour}`),
      area: t(`saloon:area.${card.area}`),
      noise: t(`saloon:noise.${card.noise}`),
      bullets: t('howto:saloon.bullets', { count: card.bullets }),
    });
    const symbolName = card.symbol ? t(`saloon:symbol.${card.symbol}`) : '';
    return [
      h(
        'div',
        { class: `mini-card saloon-card gun-${card.colour}`, role: 'img', 'aria-label': symbolName ? `${words}, ${symbolName}` : words },
        h('span', { class: 'mini-band', 'aria-hidden': 'true' }, `${GUN_GLYPH[card.colour]} ${t(`saloon:colour.${card.colour}`)}`),
        h('span', { class: 'mini-name' }, t(`saloon:area.${card.area}`)),
        h('span', { class: 'mini-noise' }, `${t(`saloon:noise.${card.noise}`)}!`),
        h('span', { class: 'mini-bullets', 'aria-hidden': 'true' }, ...Array.from({ length: card.bullets }, () => h('i', { class: 'bullet' }))),
        symbolName ? h('span', { class: 'mini-symbol' }, symbolName) : null,
      ),
    ];
  });
}

const CARD_PICTURES: Record<string, () => HTMLElement[]> = { duel: duelCards, rattlesnake: rattlesnakeCards, saloon: saloonCards };

/**
 * The keyboard shortcuts: the table's own (digits, Enter: keyboard.ts), then the game's (GameInfo.keyHelp), then
 * Esc. A game that words the same keys its own way (the same `keys`) replaces the table's line.
 */
function keyList(gameId: string, inPanel: boolean): HTMLElement {
  const own = gameById(gameId)?.keyHelp?.() ?? [];
  const table = [
    { keys: t('howto:keyDigits'), action: t('howto:keyDigitsAction') },
    { keys: t('howto:keyEnter'), action: t('howto:keyEnterAction') },
  ].filter((row) => !own.some((r) => r.keys === row.keys));
  const rows: { keys: string; action: string }[] = [...table, ...own];
  if (inPanel) rows.push({ keys: t('howto:keyEsc'), action: t('howto:keyEscAction') });
  return h('dl', { class: 'howto-keys', 'data-testid': 'howto-keys' }, ...rows.flatMap((r) => [h('dt', {}, h('kbd', {}, r.keys)), h('dd', {}, r.action)]));
}

/** The short "How to play" of one game. `level`: the heading level of its title (1 on the page, 2 in the panel). */
export function howToPlay(gameId: string, opts: { level: 1 | 2; inPanel: boolean; fullRules: HTMLElement }): HTMLElement {
  const game = gameId as 'duel' | 'rattlesnake' | 'saloon';
  const sub = (key: 'goal' | 'turn' | 'win') => h('section', { class: 'howto-part' }, h('h3', {}, t(`howto:${key}`)), h('p', {}, t(`howto:${game}.${key}`)));
  const title = h(opts.level === 1 ? 'h1' : 'h2', { class: 'howto-title', tabindex: -1 }, t('howto:titleOf', { game: gameTitle(gameId) }));
  return h(
    'div',
    { class: 'howto', 'data-testid': 'howto', lang: language() },
    h('div', { class: 'howto-head' }, title, opts.fullRules),
    sub('goal'),
    sub('turn'),
    sub('win'),
    h(
      'section',
      { class: 'howto-part' },
      h('h3', {}, t('howto:cards')),
      h('div', { class: 'mini-cards', 'data-testid': 'howto-cards' }, ...(CARD_PICTURES[gameId]?.() ?? [])),
    ),
    // The keys matter where there is a keyboard: open on a wide screen with a mouse, a tap away on a phone.
    h(
      'details',
      { class: 'howto-part howto-keys-part', open: window.matchMedia?.('(min-width: 700px) and (hover: hover)').matches || null },
      h('summary', {}, h('h3', {}, t('howto:keys'))),
      keyList(gameId, opts.inPanel),
    ),
  );
}

/**
 * How to play, with "Full rules" a tap away (and back). The full rules load on first use.
 * `onView` runs after each switch (the page scrolls to its top, the panel moves focus).
 */
function rulesHelp(gameId: string, inPanel: boolean, onView: (focus: HTMLElement) => void): HTMLElement {
  const box = h('div', { class: 'rules-help' });
  const showHowTo = () => {
    const full = h('button', { type: 'button', class: 'secondary howto-full' }, t('howto:fullRules'));
    full.addEventListener('click', showFull);
    const view = howToPlay(gameId, { level: inPanel ? 2 : 1, inPanel, fullRules: full });
    box.replaceChildren(view);
    onView(view.querySelector('.howto-title') as HTMLElement);
  };
  const showFull = () => {
    const back = h('button', { type: 'button', class: 'secondary howto-back' }, t('howto:backToHowTo'));
    back.addEventListener('click', showHowTo);
    const loading = h('p', { class: 'rules-loading', role: 'status' }, t('howto:loadingRules'));
    box.replaceChildren(back, loading);
    import('./rules-full').then(
      (m) => {
        if (!loading.isConnected) return;
        const article = m.rulesArticle(gameId);
        loading.replaceWith(article);
        onView(back);
      },
      () => {
        if (loading.isConnected) loading.textContent = t('howto:loading.failed');
      },
    );
  };
  showHowTo();
  return box;
}

/** The `#/rules/GAME` page: how to play, the full rules a tap away. */
export function mountRules(root: HTMLElement, gameId: string, back: () => void): () => void {
  const backBtn = h('button', { type: 'button', class: 'secondary' }, t('back'));
  backBtn.addEventListener('click', back);
  const help = rulesHelp(gameId, false, () => window.scrollTo(0, 0));
  root.replaceChildren(h('div', { class: 'rules-page' }, h('nav', { class: 'rules-nav' }, backBtn, languagePicker()), h('div', { class: 'panel' }, help)));
  window.scrollTo(0, 0);
  return () => undefined;
}

/**
 * The rules at a table: a non-modal panel beside (wide screens) or below (phones) the status bar, never over it.
 * Toggles: a second call closes the open panel. Closing returns focus to what had it (the Rules button), unless the
 * player has already put it elsewhere.
 */
export function openRulesDialog(gameId: string): void {
  const open = document.querySelector<HTMLDialogElement>('dialog.rules-sheet');
  if (open) return void open.close();
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const closeBtn = h('button', { type: 'button', class: 'secondary rules-close' }, t('close'));
  const help = rulesHelp(gameId, true, (focus) => focus.focus({ preventScroll: true }));
  const sheet = h(
    'dialog',
    { class: 'rules-sheet', 'aria-label': t('howto:panel', { game: gameTitle(gameId) }), lang: language(), 'data-testid': 'rules-panel' },
    closeBtn,
    help,
  );
  const status = document.querySelector<HTMLElement>('[data-testid="status"]');
  // The panel starts below the status bar (where that bar is now: it may be pinned or scrolled away).
  const place = () => {
    const top = status?.isConnected ? Math.max(0, Math.round(status.getBoundingClientRect().bottom)) : 0;
    sheet.style.setProperty('--sheet-top', `${top}px`);
  };
  const onKey = (ev: KeyboardEvent) => {
    if (!sheet.isConnected) return cleanup(); // the table page went away with the panel
    if (ev.key === 'Escape') {
      ev.preventDefault();
      sheet.close();
    }
  };
  closeBtn.addEventListener('click', () => sheet.close());
  // Keys typed in the panel are the panel's: the table's shortcuts (digits, Enter) do not fire behind it.
  sheet.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Escape') ev.stopPropagation();
  });
  const cleanup = () => {
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('scroll', place);
    window.removeEventListener('resize', place);
  };
  document.addEventListener('keydown', onKey);
  window.addEventListener('scroll', place, { passive: true });
  window.addEventListener('resize', place);
  sheet.addEventListener('close', () => {
    // (the close event comes a task after close(): focus the player moved elsewhere meanwhile stays there)
    const active = document.activeElement;
    const moved = active !== null && active !== document.body && !sheet.contains(active);
    cleanup();
    sheet.remove();
    if (!moved && opener?.isConnected) opener.focus();
  });
  // Inside the table page, so that leaving the table (or redrawing it in another language) takes the panel along.
  (document.querySelector('.table-page') ?? document.body).append(sheet);
  place();
  sheet.show();
  (sheet.querySelector('.howto-title') as HTMLElement | null)?.focus({ preventScroll: true });
}
