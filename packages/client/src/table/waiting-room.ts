/**
 * The waiting room: while a table waits for its players, the table itself shows how friends join (a QR code of the
 * join link for a friend beside you, the link, the code) and the players panel, host controls included, moved there
 * from beside the table. Until the game starts the felt has nothing else to show, and on a phone the players panel
 * lay below it, out of sight. Once the game starts the panel goes back where it was. On the TV view the room is
 * drawn large, for a room full of phones to scan from the sofa.
 */
import { h } from '../dom';
import { t } from '../i18n';
import { qrCode } from '../qr';
import { joinAddress, joinLink, spelledCode } from './header';
import type { TableView } from './view';

/** `share`: the table's link button ("Copy link" / "Share link"), shown beside the link where the header keeps its own in its menu (a phone held upright). */
export function waitingRoom(
  view: TableView,
  els: { scene: HTMLElement; players: HTMLElement; share: HTMLElement },
): { el: HTMLElement; update(): void; dispose(): void } {
  const { scene, players } = els;
  const code = view.session.code;
  const link = joinLink(code);
  // (a long address breaks before "join", not inside it)
  const shown = joinAddress(code);
  const cut = shown.lastIndexOf('/#/') + 3;
  const title = t('table.waitingRoom.title');
  const card = h(
    'div',
    { class: 'wr-card' },
    h('h2', {}, title),
    h(
      'div',
      { class: 'wr-invite' },
      h('figure', { class: 'wr-qr' }, qrCode(link, t('table.tvQr', { url: link })), h('figcaption', {}, t('table.tvScan'))),
      h(
        'p',
        { class: 'wr-ways' },
        h('span', {}, t('table.waitingRoom.orOpen')),
        h('span', { class: 'wr-url' }, shown.slice(0, cut), h('wbr'), shown.slice(cut)),
        h('span', { class: 'wr-share' }, els.share),
        h('span', {}, t('table.waitingRoom.orCode')),
        h('strong', { class: 'wr-code', 'aria-hidden': 'true' }, code),
        h('span', { class: 'sr-only' }, spelledCode(code)),
      ),
    ),
  );
  const starts = h('p', { class: 'wr-starts' });
  const el = h('section', { class: 'waiting-room', 'aria-label': title, hidden: true }, card);
  // Where the players panel lives while the game is on: its place beside (or below) the table.
  let home: { parent: ParentNode; before: Node | null } | null = null;

  // The room covers the scene, which has no fixed height (it takes what the screen leaves it; the action bar, with no
  // move to offer before the game starts, gives it its height: table-life.css).
  const fit = () => {
    el.style.top = `${scene.offsetTop}px`;
    el.style.height = `${scene.offsetHeight}px`;
  };
  const sizes = new ResizeObserver(fit);
  sizes.observe(scene);

  function update(): void {
    const show = view.state().status === 'waiting' && view.conn.closed === null;
    if (show && players.parentNode !== card) {
      if (players.parentNode) home = { parent: players.parentNode, before: players.nextSibling };
      card.append(players, starts);
    } else if (!show && home && players.parentNode === card) {
      home.parent.insertBefore(players, home.before);
    }
    const me = view.mySeat();
    starts.textContent = t(me >= 0 && view.state().host === me ? 'table.waitingRoom.startsHost' : 'table.waitingRoom.starts');
    if (el.hidden === show) {
      el.hidden = !show;
      if (show) fit();
    }
  }
  return { el, update, dispose: () => sizes.disconnect() };
}
