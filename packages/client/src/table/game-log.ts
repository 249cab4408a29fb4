/**
 * The finished game's log, from the end screen: downloaded as a file, handed to the replay viewer, or kept on this
 * device behind a link that opens the replay again later (issue 14).
 */
import type { GameLog } from '@tumbleweed/engine';
import { h } from '../dom';
import { t } from '../i18n';
import { keptLink, rememberGame } from '../kept';
import { setReplayLog } from '../replay';
import type { TableView } from './view';
import { sendTo } from '../net';

export interface GameLogButtons {
  replayBtn: HTMLButtonElement;
  keptBtn: HTMLButtonElement;
  logBtn: HTMLButtonElement;
  /** Where the kept link shows. */
  keptNote: HTMLElement;
  /** The server's `log` message arrived. */
  received(payload: GameLog): void;
  /** Shown only while the table is there to ask (and never on the TV); the link only for a seat with a token. */
  update(): void;
}

export function gameLogButtons(view: TableView): GameLogButtons {
  const { session } = view;
  const logBtn = h('button', { type: 'button', class: 'secondary' }, t('table.downloadLog'));
  const replayBtn = h('button', { type: 'button', class: 'secondary replay' }, t('table.watchReplay'));
  // A kept game (issue 14): its link opens the replay again later, on this device (the server keeps it for a while).
  const keptBtn = h('button', { type: 'button', class: 'secondary', 'data-testid': 'kept-link' }, t('table.keptLink'));
  const keptNote = h('p', { class: 'banner-note', 'aria-live': 'polite', hidden: true });

  // The log arrives as a `log` message: saved as a file, or handed to the replay viewer.
  // The server sends a game's log once per connection: the session keeps it for the next click (until a rematch).
  let logFor: 'file' | 'replay' | 'link' = 'file';
  const useLog = (payload: GameLog) => {
    session.gameLog = payload;
    if (logFor === 'link') keepLink(payload);
    else if (logFor === 'replay') {
      setReplayLog(payload);
      location.hash = '#/replay';
    } else saveLog(payload);
  };
  const ask = (use: typeof logFor) => () => {
    logFor = use;
    if (session.gameLog) useLog(session.gameLog);
    else sendTo(view.room(), 'table', { action: 'log' });
  };
  logBtn.addEventListener('click', ask('file'));
  replayBtn.addEventListener('click', ask('replay'));
  keptBtn.addEventListener('click', ask('link'));

  /** Remembers this device's seat token for the game and shows (and copies) the link that opens it again. */
  function keepLink(payload: GameLog): void {
    const { id } = payload;
    keptNote.hidden = false;
    if (typeof id !== 'string' || !id || !session.seatToken) {
      keptNote.textContent = t('table.keptNone');
      return;
    }
    rememberGame(id, session.seatToken);
    const url = keptLink(id);
    const link = h('a', { href: url, 'data-testid': 'kept-url' }, url);
    const show = (copied: boolean) => keptNote.replaceChildren(copied ? t('table.keptCopied') : t('table.keptHere'), ' ', link);
    // (the link shows at once; "copied" once the clipboard took it — it may never answer on a page without focus)
    show(false);
    navigator.clipboard?.writeText(url).then(
      () => show(true),
      () => undefined,
    );
  }
  function saveLog(payload: unknown): void {
    const blob = new Blob([JSON.stringify(payload, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: `tumbleweed-${session.code}.json`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return {
    replayBtn,
    keptBtn,
    logBtn,
    keptNote,
    received: useLog,
    update() {
      logBtn.hidden = replayBtn.hidden = view.conn.closed !== null || view.conn.reconnecting || view.tv;
      keptBtn.hidden = logBtn.hidden || !!session.spectate || !session.seatToken;
    },
  };
}
