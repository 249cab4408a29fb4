/**
 * The table's header: the code (and, on the TV, where to join), rules, sound, language, copy link, TV view, leave. On a
 * phone held upright the settings and the link are in a menu ("Menu"), so the header keeps one row: the code, Menu and
 * Leave (in two rows, 92 of a 640 px screen, it cut the game's name and took the felt's room).
 */
import { h, touchScreen } from '../dom';
import type { GameInfo } from '../games';
import { languagePicker, t } from '../i18n';
import type { Session } from '../net';
import { qrCode } from '../qr';
import { hasRules, openRulesDialog } from '../rules';
import { isMuted, play, setMuted } from '../sound';

/** A table's join page without its scheme ("example.org/#/join/K7QMZ"): the address as the page shows it. */
export const joinAddress = (code: string): string => `${location.host}/#/join/${code}`;

/** The link that opens a table's join page (the invite: Copy link, Share link, the QR codes). */
export const joinLink = (code: string): string => `${location.protocol}//${joinAddress(code)}`;

/** "Table code K 7 Q M Z": a table code as a screen reader should read it, letter by letter. */
export const spelledCode = (code: string): string => t('table.codeSpelled', { code: code.split('').join(' ') });

/**
 * "Copy link" (the table's join link to the clipboard) or, on a touch screen with a share sheet (phones), "Share link"
 * (straight to a messaging app): the invite, in the header and, on a phone, in the waiting room.
 */
export function linkButton(session: Session, game: GameInfo | undefined, toast: (message: string, ms?: number) => void): HTMLButtonElement {
  const url = joinLink(session.code);
  const share = typeof navigator.share === 'function' && touchScreen();
  const linkLabel = () => t(share ? 'table.shareLink' : 'table.copyLink');
  const btn = h('button', { type: 'button', class: 'secondary' }, linkLabel());
  btn.addEventListener('click', () => {
    const done = () => {
      btn.textContent = t('table.copied');
      window.setTimeout(() => (btn.textContent = linkLabel()), 2000);
    };
    const fallback = () => {
      const input = h('input', { value: url, 'aria-hidden': 'true' });
      document.body.append(input);
      input.select();
      const ok = document.execCommand('copy');
      input.remove();
      if (ok) done();
      else toast(t('table.copyThis', { url }), 8000);
    };
    const copy = () => {
      if (navigator.clipboard?.writeText) navigator.clipboard.writeText(url).then(done, fallback);
      else fallback();
    };
    if (!share) return copy();
    const gameName = game?.title ?? session.game;
    navigator
      .share({ title: t('table.shareTitle', { game: gameName }), text: t('table.shareText', { game: gameName, code: session.code }), url })
      // (closing the sheet is no failure; a refused share is copied instead)
      .catch((err: unknown) => {
        if ((err as { name?: string } | null)?.name !== 'AbortError') copy();
      });
  });
  return btn;
}

export function tableHeader(
  session: Session,
  game: GameInfo | undefined,
  opts: { tv: boolean; leave: () => void; toast: (message: string, ms?: number) => void },
): { el: HTMLElement; addSettings(settings: readonly HTMLElement[]): void; dispose(): void } {
  // A screen reader reads the code spelled ("Table code K 7 Q M Z"), not the large letters as one word.
  const codeEl = h('span', { class: 'table-code', 'data-testid': 'table-code', 'aria-hidden': 'true' }, session.code);
  const codeSpelled = h('span', { class: 'sr-only' }, spelledCode(session.code));
  const copyBtn = linkButton(session, game, opts.toast);
  // Rules (rules.ts): shown over the table, so the game keeps running underneath.
  const gameId = game?.id ?? session.game;
  const rulesBtn = hasRules(gameId) ? h('button', { type: 'button', class: 'secondary', 'aria-label': t('table.rules') }, t('table.rules')) : null;
  const muteBtn = h('button', { type: 'button', class: 'secondary mute' });
  const renderMute = () => {
    // A music note (in every font, unlike the speaker emoji), struck through when muted; in the menu, its word too.
    muteBtn.replaceChildren(h('span', { class: 'note' }, '♪'), h('span', { class: 'menu-word' }, t('table.sound')));
    muteBtn.classList.toggle('muted', isMuted());
    muteBtn.setAttribute('aria-label', isMuted() ? t('table.soundOff') : t('table.soundOn'));
    muteBtn.setAttribute('aria-pressed', String(isMuted()));
    muteBtn.title = isMuted() ? t('table.soundIsOff') : t('table.soundIsOn');
  };
  renderMute();
  muteBtn.addEventListener('click', () => {
    setMuted(!isMuted());
    renderMute();
    play('click');
  });
  const leaveBtn = h('button', { type: 'button' }, t('table.leave'));
  leaveBtn.addEventListener('click', opts.leave);
  const tvUrl = `${location.origin}${location.pathname}#/tv/${session.code}`;
  const tvBtn = opts.tv
    ? null
    : h('a', { class: 'button secondary', href: tvUrl, target: '_blank', rel: 'noopener', title: t('table.tvViewHint') }, t('table.tvView'));
  const url = joinLink(session.code);
  const tvQr = opts.tv ? h('figure', { class: 'tv-qr' }, qrCode(url, t('table.tvQr', { url }), 'tv-qr'), h('figcaption', {}, t('table.tvScan'))) : null;

  // The settings and the link: in the header's row where there is room, else in a menu opened by "Menu" (CSS decides).
  const language = languagePicker();
  const items = h('div', { class: 'head-items', id: `head-items-${session.code}` }, rulesBtn, muteBtn, language, copyBtn, tvBtn);
  const menuBtn = h(
    'button',
    { type: 'button', class: 'secondary head-menu', 'aria-expanded': 'false', 'aria-controls': items.id, title: t('table.menuHint') },
    t('table.menu'),
  );
  const el = h(
    'header',
    { class: 'table-head' },
    h(
      'div',
      { class: 'code-block' },
      h('span', { class: 'label', 'aria-hidden': 'true' }, t('table.code')),
      codeEl,
      codeSpelled,
      h('span', { class: 'game-title' }, game ? `${game.title} — ${game.year}` : session.game),
      opts.tv ? h('span', { class: 'tv-join', 'data-testid': 'tv-join' }, t('table.tvJoinAt', { url: joinAddress(session.code) })) : null,
    ),
    tvQr,
    menuBtn,
    items,
    leaveBtn,
  );
  const setOpen = (open: boolean) => {
    // (closed with the focus in it, the focus goes back to Menu: the rules panel, opened from there, gives it back there)
    if (!open && items.contains(document.activeElement) && getComputedStyle(menuBtn).display !== 'none') menuBtn.focus();
    el.classList.toggle('menu-open', open);
    menuBtn.setAttribute('aria-expanded', String(open));
  };
  menuBtn.addEventListener('click', () => setOpen(!el.classList.contains('menu-open')));
  // Closed by a tap elsewhere, by Escape (back on Menu), and once the rules open or the language is chosen (open after
  // "Copy link", its "Copied!" in sight).
  const outside = (e: PointerEvent) => {
    if (el.classList.contains('menu-open') && !el.contains(e.target as Node)) setOpen(false);
  };
  document.addEventListener('pointerdown', outside);
  // (Escape wherever the focus is: tabbed on past the menu's last item, it is no longer in the header)
  const escape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !el.classList.contains('menu-open') || document.querySelector('dialog.rules-sheet')) return;
    setOpen(false);
    menuBtn.focus();
  };
  document.addEventListener('keydown', escape);
  rulesBtn?.addEventListener('click', () => {
    if (el.classList.contains('menu-open')) setOpen(false);
    openRulesDialog(gameId);
  });
  language.addEventListener('change', () => el.classList.contains('menu-open') && setOpen(false));
  // (the game's display settings, GameUi.settings: beside the sound's)
  return {
    el,
    addSettings: (settings) => muteBtn.before(...settings),
    dispose: () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    },
  };
}
