/**
 * The table page: code, seats, status, log, end screen around one game's scene and action bar. This file only puts
 * the parts together (table/*: one concern each) and routes the room's messages to them.
 */
import { chatLine, isPhrase } from './chat';
import { h } from './dom';
import { t } from './i18n';
import type { ServerEvent, TableContext } from './games';
import { gameModule } from './games/modules';
import { sendTo, type Session } from './net';
import { refusalText } from './net-errors';
import { leaveTable } from './session-store';
import { actionKeys } from './keyboard';
import { play } from './sound';
import { endScreen } from './table/banner';
import { quickChat } from './table/chat';
import { linkButton, tableHeader } from './table/header';
import { fitLayout } from './table/layout';
import { confirmLeave } from './table/leave';
import { tableLog } from './table/log';
import { reconnection } from './table/reconnect';
import { seatsPanel } from './table/seats';
import { statusBar } from './table/status';
import { tableToast } from './table/toast';
import { tableView } from './table/view';
import { waitingRoom } from './table/waiting-room';

/** A table page's half-made choice when it was torn down (`GameUi.keep`): the same table's next page picks it up. */
const kept = new WeakMap<Session, unknown>();

/**
 * `resumed`: this tab took its seat back after a refresh. `tv`: the TV view — the public table alone, large, for a
 * shared screen (a spectator connection; no move buttons, chat or host controls).
 */
export function mountTable(root: HTMLElement, session: Session, toLobby: () => void, opts: { resumed?: boolean; tv?: boolean } = {}): () => void {
  // The room changes after a reconnection: every part reads it through the view.
  const view = tableView(session, !!opts.tv);
  const game = gameModule(session.game) ?? gameModule(view.state().game);
  let disposed = false;
  let leaving = false;
  const leaveNow = () => {
    leaving = true;
    // (the goodbye goes out as the connection can: the lobby at once, table/leave.ts)
    void leaveTable();
    toLobby();
  };
  // A seated player in the middle of a game is asked first (the bot would keep the seat).
  const leave = () => (view.mySeat() >= 0 && view.state().status === 'playing' && !view.conn.closed ? confirmLeave(leaveNow) : leaveNow());

  const toast = tableToast();
  const header = tableHeader(session, game?.info, { tv: view.tv, leave, toast: toast.show });
  const status = statusBar(view);
  const scene = h('div', { class: 'scene' });
  const actions = h('div', { class: 'actions', role: 'group', 'aria-label': t('table.yourMove') });
  const end = endScreen(view, actions, leave);
  const seats = seatsPanel(view);
  const chat = quickChat(view);
  const log = tableLog(view);
  const waiting = waitingRoom(view, { scene, players: seats.el, share: linkButton(session, game?.info, toast.show) });
  const main = h('main', { class: 'table-main' }, scene, waiting.el, chat.bubbles, actions, end.el);
  const page = h(
    'div',
    { class: `table-page live${opts.tv ? ' tv' : ''}` },
    header.el,
    status.el,
    h('div', { class: 'table-layout' }, main, h('aside', { class: 'side' }, seats.el, chat.el, log.el)),
    toast.el,
  );
  root.replaceChildren(page);
  // A table starts at its top (status, countdown, code), not at the lobby's scroll position.
  window.scrollTo(0, 0);
  const unfit = fitLayout({ page, above: [header.el, status.el], main, scene, actions }, view.tv);
  const stopKeys = opts.tv ? () => undefined : actionKeys(actions, () => !disposed && !view.conn.closed && end.el.hidden);

  const ctx: TableContext = {
    state: view.state,
    mySeat: view.mySeat,
    name: view.name,
    send: (intent) => sendTo(view.room(), 'intent', intent),
    serverNow: () => session.serverNow(),
    link: () => ({ n: session.links }),
    resent: () => log.local({ type: 'client_resent' }),
  };
  if (game?.info.enabled) {
    view.ui = game.mount(ctx, { scene, actions }, kept.get(session));
    kept.delete(session);
    if (!view.tv) header.addSettings(view.ui.settings?.() ?? []);
  } else scene.replaceChildren(h('p', { class: 'scene-fallback' }, t('table.cannotShow', { game: session.game })));

  /** A game has ended at this page: the next `game_started` is a rematch. */
  let hadGame = false;
  let wasOver = view.state().status === 'over';
  function render(): void {
    if (disposed) return;
    log.drawHistory();
    const over = view.state().status === 'over';
    if (over && !wasOver) {
      hadGame = true;
      play('chime');
    }
    if (over) hadGame = true;
    wasOver = over;
    seats.update();
    waiting.update();
    status.update();
    page.classList.toggle('ended', end.update());
    page.classList.toggle('watching', view.mySeat() < 0);
    view.ui?.update();
  }

  const life = reconnection(view, {
    page,
    actions,
    gone: () => disposed,
    leaving: () => leaving,
    changed: render,
    closed: () => {
      seats.redraw();
      render();
    },
    trying: status.update,
    back: () => {
      bind();
      seats.redraw();
      log.local({ type: 'client_reconnected' });
      render();
    },
  });

  function onEvents(events: ServerEvent[]): void {
    let bang = false;
    for (const e of events) {
      if (!e || typeof e.type !== 'string') continue;
      // A rematch starts a fresh log (the session's history too, so a language switch redraws only this game).
      if (e.type === 'game_started' && hadGame) {
        e.rematch = true;
        session.gameLog = null;
        session.forgetHistory();
        log.clear();
      }
      session.remember(e);
      // What an event does to the page besides its log line.
      if (e.type === 'game_started' && e.rematch) end.rematchOpen();
      life.event(e);
      view.ui?.event?.(e);
      if (e.type === 'chat' && isPhrase(e.phrase))
        chat.bubble(chatLine(typeof e.seat === 'number' && e.seat >= 0 ? view.name(e.seat) : t('chat.spectator'), e.phrase));
      log.add(e);
      if (e.type === 'revealed' || e.type === 'attack_resolved' || e.type === 'hit_taken') bang = true;
    }
    if (bang) play('shot');
    else if (events.some((e) => e?.type === 'chat' || e?.type === 'committed')) play('click');
  }

  function bind(): void {
    view.room().onStateChange(render);
  }
  bind();
  const unlisten = session.listen((m) => {
    if (disposed) return;
    if (m.kind === 'events' && Array.isArray(m.payload)) {
      onEvents(m.payload as ServerEvent[]);
    } else if (m.kind === 'history') {
      log.redraw();
    } else if (m.kind === 'error') {
      toast.show(refusalText(m.payload));
      end.rematchOpen();
      view.ui?.refused?.();
    } else if (m.kind === 'log') {
      end.logReceived(m.payload);
    } else if (m.kind === 'race') {
      const p = m.payload as { goAt?: unknown; cards?: unknown } | null;
      if (p && typeof p.goAt === 'number' && Array.isArray(p.cards) && p.cards.every((c) => typeof c === 'string'))
        view.ui?.race?.({ goAt: p.goAt, cards: p.cards as string[] });
    } else if (m.kind === 'left') {
      life.dropped(m.code);
    }
  });
  const clock = window.setInterval(status.update, 250);
  // A choice made on this page (a gun picked, Cancel, a card selected) re-draws the action bar at once; the status line
  // follows in the same frame, not at the next tick of the clock. Its height moves the table: reworded up to 250 ms
  // later, the whole table jumped 22 px on a phone just after the tap (seen in phone-fit.test.ts).
  const barWatch = new MutationObserver(status.update);
  barWatch.observe(actions, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-pressed', 'disabled'] });
  // (The state may still be on its way here, so the session says whether this tab sat or watched.)
  // A language switch re-mounts this page: the log is redrawn from the session's events, in the new words.
  log.drawHistory();
  if (opts.resumed) log.local({ type: 'client_resumed' });
  render();

  return () => {
    disposed = true;
    unfit();
    stopKeys();
    window.clearInterval(clock);
    barWatch.disconnect();
    status.dispose();
    waiting.dispose();
    toast.dispose();
    chat.dispose();
    header.dispose();
    unlisten();
    const choice = view.ui?.keep?.();
    if (choice !== undefined) kept.set(session, choice);
    view.ui?.destroy();
  };
}
