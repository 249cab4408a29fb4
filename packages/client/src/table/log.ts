/** "What happened": the table's log, worded from the session's events (so a language switch or a reload redraws it). */
import { chatLine, isPhrase } from '../chat';
import { h } from '../dom';
import { withEmoji } from '../emoji';
import type { ServerEvent } from '../games';
import { youContext } from '../games/you';
import { t } from '../i18n';
import { list } from '../state';
import type { TableView } from './view';

const MAX_LOG = 80;

export interface TableLog {
  el: HTMLElement;
  /** Words one event and adds its lines (the caller keeps it in the session's history). */
  add(e: ServerEvent): void;
  /** A line of this page's own (not from the server), kept with the events so a language switch redraws it too. */
  local(e: ServerEvent): void;
  /** The log from the session's events, once the seats are here (at mount, after a language switch or a reload). */
  drawHistory(): void;
  /** The session's history came from the server (a page joining with none of its own): the log drawn again from it. */
  redraw(): void;
  /** A rematch: the log starts again. */
  clear(): void;
}

/** A log beside the table, headed `title` (the table's "What happened", the replay viewer's log). */
export function logSection(title: string, cls: string): { el: HTMLElement; list: HTMLOListElement } {
  // (the live region wraps the list: a list given role="log" is no list any more, and its items hang loose)
  const list = h('ol', { class: cls, tabindex: 0, 'aria-label': title });
  const el = h('section', {}, h('h3', {}, title), h('div', { role: 'log', 'aria-label': title }, list));
  return { el, list };
}

export function tableLog(view: TableView): TableLog {
  const { el, list: log } = logSection(t('table.whatHappened'), 'log');

  /** Table-level events in words (the game's UI words its own); no side effects, so the log can be redrawn. */
  function describe(e: ServerEvent): string[] {
    /** Who a seat's event is about: the name it carries, else the seat's. */
    const who = (e: { seat: number; name: string }) => e.name || view.name(e.seat);
    switch (e.type) {
      case 'player_joined':
        return [t('table.log.sat', { name: who(e), context: youContext(view.mySeat(), e.seat) })];
      case 'player_left':
        return [t('table.log.left', { name: who(e) })];
      case 'game_started':
        return [e.rematch ? t('table.log.newGame') : t('table.log.begins')];
      case 'bot_took_seat':
        return [t('table.log.botTook', { name: view.name(e.seat) })];
      case 'player_returned':
        return [t('table.log.returned', { name: who(e) })];
      case 'player_kicked':
        return [t('table.log.kicked', { name: who(e) })];
      case 'host_passed':
        return [t('table.log.hostPassed', { name: view.name(e.seat), context: youContext(view.mySeat(), e.seat) })];
      case 'seat_away':
        return [t('table.log.away', { name: view.name(e.seat) })];
      case 'seat_back':
        return [t('table.log.back', { name: view.name(e.seat) })];
      case 'rematch_asked':
        return [t('table.log.rematch', { name: view.name(e.seat) })];
      case 'chat':
        return isPhrase(e.phrase) ? [chatLine(e.seat !== null && e.seat >= 0 ? view.name(e.seat) : t('chat.spectator'), e.phrase)] : [];
      case 'server_restarting':
        return [t('table.log.restarting')];
      // This page's own lines (see local()).
      case 'client_resumed':
        return [view.session.spectate ? t('table.log.watchingAgain') : t('table.log.seatAgain')];
      case 'client_reconnected':
        return [t('table.log.reconnected')];
      case 'client_resent':
        return [t('table.log.resent')];
      default:
        return view.ui?.describe(e) ?? [];
    }
  }

  function addLines(lines: string[]): void {
    if (lines.length === 0) return;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
    for (const line of lines) log.append(h('li', {}, ...withEmoji(line)));
    while (log.children.length > MAX_LOG) log.firstElementChild?.remove();
    if (atBottom || lines.length > 0) log.scrollTop = log.scrollHeight;
  }

  // After a reload the seats may still be on their way, so the history waits for them (every line shown meanwhile is
  // in the history too, and is drawn again).
  let drawn = false;
  function drawHistory(): void {
    if (drawn || list(view.state().seats).length === 0) return;
    drawn = true;
    log.replaceChildren();
    addLines(view.session.history.flatMap((e) => describe(e)));
  }
  return {
    el,
    add: (e) => addLines(describe(e)),
    local(e) {
      view.session.remember(e);
      addLines(describe(e));
    },
    drawHistory,
    redraw() {
      drawn = false;
      drawHistory();
    },
    clear: () => log.replaceChildren(),
  };
}
