/**
 * Table life when the connection drops: reconnect (the status bar says "Reconnecting…", or "Back in a moment" when
 * the server is restarting) and carry on with the new room, or close the table with the reason in the end screen.
 */
import { h } from '../dom';
import type { ServerEvent } from '../games';
import { t } from '../i18n';
import { CONSENTED, SEAT_TAKEN } from '../net';
import { isGone } from '../net-errors';
import { dropSession } from '../session-store';
import type { TableView } from './view';

/** WebSocket close code 1001: the server is going away (SIGTERM: it keeps the game for the next process). */
const GOING_AWAY = 1001;

export interface Reconnection {
  /** Notes what an event says about the coming disconnect (a restart, my seat kicked). */
  event(e: ServerEvent): void;
  /** The connection closed without us leaving: reconnect, or say why not. */
  dropped(code: number): void;
}

export function reconnection(
  view: TableView,
  hooks: {
    page: HTMLElement;
    actions: HTMLElement;
    /** The page is gone. */
    gone(): boolean;
    /** The player is leaving on purpose: a drop is no surprise. */
    leaving(): boolean;
    /** Reconnecting: draw the page again. */
    changed(): void;
    /** The table is closed for good: draw the page again, seats and all. */
    closed(): void;
    /** A reconnection try began: the status bar only. */
    trying(): void;
    /** Back at the table with a new room. */
    back(): void;
  },
): Reconnection {
  const { conn } = view;
  /** Set by the server's `server_restarting` event: the coming disconnect is expected. */
  let restarting = false;
  /** Set by a `player_kicked` event for my seat. */
  let kicked = false;

  function close(message: string): void {
    conn.closed = message;
    hooks.page.classList.add('offline');
    hooks.actions.replaceChildren(h('p', { class: 'prompt' }, t('table.status.disconnected')));
    hooks.closed();
  }

  function dropped(code: number): void {
    if (hooks.gone() || hooks.leaving()) return;
    if (restarting || kicked || code === CONSENTED || code === SEAT_TAKEN) {
      dropSession();
      close(
        restarting
          ? t('table.banner.restarting')
          : kicked
            ? t('table.banner.kicked')
            : code === SEAT_TAKEN
              ? t('table.banner.seatTaken')
              : t('table.banner.notHere'),
      );
      return;
    }
    conn.reconnecting = true;
    conn.reconnectTry = 0;
    conn.serverRestart = code === GOING_AWAY;
    hooks.page.classList.add('offline');
    hooks.changed();
    view.session
      .recover((attempt) => {
        conn.reconnectTry = attempt;
        if (!hooks.gone()) hooks.trying();
      })
      .then(
        () => {
          if (hooks.gone()) return;
          conn.reconnecting = false;
          hooks.page.classList.remove('offline');
          hooks.back();
        },
        (err: unknown) => {
          if (hooks.gone()) return;
          conn.reconnecting = false;
          dropSession();
          close(isGone(err) ? t('table.banner.closed') : t('table.banner.lost'));
        },
      );
  }

  return {
    event(e) {
      if (e.type === 'player_kicked' && e.seat === view.mySeat()) kicked = true;
      if (e.type === 'server_restarting') restarting = true;
    },
    dropped,
  };
}
