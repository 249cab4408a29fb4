/** The table's header: the code (and, on the TV, where to join), rules, sound, language, copy link, TV view, leave. */
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

export function tableHeader(
  session: Session,
  game: GameInfo | undefined,
  opts: { tv: boolean; leave: () => void; toast: (message: string, ms?: number) => void },
): { el: HTMLElement; addSettings(settings: readonly HTMLElement[]): void } {
  // A screen reader reads the code spelled ("Table code K 7 Q M Z"), not the large letters as one word.
  const codeEl = h('span', { class: 'table-code', 'data-testid': 'table-code', 'aria-hidden': 'true' }, session.code);
  const codeSpelled = h('span', { class: 'sr-only' }, spelledCode(session.code));
  // On a touch screen with a share sheet (phones), the link goes straight to a messaging app; elsewhere it is copied.
  const share = typeof navigator.share === 'function' && touchScreen();
  const linkLabel = () => t(share ? 'table.shareLink' : 'table.copyLink');
  const copyBtn = h('button', { type: 'button', class: 'secondary' }, linkLabel());
  // Rules (rules.ts): shown over the table, so the game keeps running underneath.
  const gameId = game?.id ?? session.game;
  const rulesBtn = hasRules(gameId) ? h('button', { type: 'button', class: 'secondary', 'aria-label': t('table.rules') }, t('table.rules')) : null;
  rulesBtn?.addEventListener('click', () => openRulesDialog(gameId));
  const muteBtn = h('button', { type: 'button', class: 'secondary mute' });
  const renderMute = () => {
    // A music note (in every font, unlike the speaker emoji), struck through when muted.
    muteBtn.textContent = '♪';
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

  copyBtn.addEventListener('click', () => {
    const done = () => {
      copyBtn.textContent = t('table.copied');
      window.setTimeout(() => (copyBtn.textContent = linkLabel()), 2000);
    };
    const fallback = () => {
      const input = h('input', { value: url, 'aria-hidden': 'true' });
      document.body.append(input);
      input.select();
      const ok = document.execCommand('copy');
      input.remove();
      if (ok) done();
      else opts.toast(t('table.copyThis', { url }), 8000);
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
    rulesBtn,
    muteBtn,
    languagePicker(),
    copyBtn,
    tvBtn,
    leaveBtn,
  );
  // (the game's display settings, GameUi.settings: beside the sound's)
  return { el, addSettings: (settings) => muteBtn.before(...settings) };
}
