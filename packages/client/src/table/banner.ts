/**
 * The end screen: over the table (scene and action bar) once the game is over, or once the table is gone. The winner,
 * the standings, the rematch (with who is waiting for whom), the game's log, back to the lobby, and "See the table".
 */
import type { GameLog } from '@tumbleweed/engine';
import { h, listNames } from '../dom';
import { t } from '../i18n';
import { list } from '../state';
import { gameLogButtons } from './game-log';
import { standingsList } from './standings';
import type { LiveSeat, TableView } from './view';
import { sendTo } from '../net';

export interface EndScreen {
  el: HTMLElement;
  /** Shows or hides the end screen for the current state; true while it shows. */
  update(): boolean;
  /** "Play again" can be asked again (a rematch started, or the server refused the ask). */
  rematchOpen(): void;
  /** The server's `log` message arrived. */
  logReceived(payload: GameLog): void;
}

/** `actions`: the game's action bar (focus moves from it to the end screen); `leave`: back to the lobby. */
export function endScreen(view: TableView, actions: HTMLElement, leave: () => void): EndScreen {
  const { session } = view;
  const kicker = h('p', { class: 'end-kicker' }, t('table.end.title'));
  const winner = h('h2', { 'data-testid': 'winner', id: `end-${session.code}` });
  const standings = standingsList(view);
  const note = h('p', { class: 'banner-note', 'data-testid': 'rematch-note', 'aria-live': 'polite' });
  const againBtn = h('button', { type: 'button' }, t('table.playAgain'));
  const logs = gameLogButtons(view);
  const lobbyBtn = h('button', { type: 'button', class: 'secondary' }, t('backToLobby'));
  const peekBtn = h('button', { type: 'button', class: 'secondary peek', 'aria-expanded': 'true' }, t('table.end.seeTable'));
  const el = h(
    'section',
    { class: 'endscreen', hidden: true, 'aria-labelledby': `end-${session.code}`, 'data-testid': 'endscreen' },
    h(
      'div',
      { class: 'end-card' },
      kicker,
      winner,
      standings.el,
      note,
      h('div', { class: 'banner-buttons' }, againBtn, logs.replayBtn, logs.keptBtn, logs.logBtn, lobbyBtn, peekBtn),
      logs.keptNote,
    ),
  );

  lobbyBtn.addEventListener('click', leave);
  // "See the table": the end screen folds away to a strip, the final table shows; the same button brings it back.
  peekBtn.addEventListener('click', () => {
    const peeking = el.classList.toggle('peeking');
    peekBtn.textContent = peeking ? t('table.end.backToResults') : t('table.end.seeTable');
    peekBtn.setAttribute('aria-expanded', String(!peeking));
  });
  againBtn.addEventListener('click', () => {
    againBtn.disabled = true;
    sendTo(view.room(), 'table', { action: 'rematch' });
  });

  function update(): boolean {
    const s = view.state();
    const { closed, reconnecting } = view.conn;
    const over = s.status === 'over';
    const show = over || closed !== null;
    if (show && el.hidden) {
      el.classList.remove('peeking');
      peekBtn.textContent = t('table.end.seeTable');
      peekBtn.setAttribute('aria-expanded', 'true');
      window.setTimeout(() => {
        el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        // Keyboard focus follows: the action bar is empty now, the end screen's first button is the next step.
        const next = [againBtn, lobbyBtn].find((b) => !b.hidden && !b.disabled);
        if (!view.tv && (document.activeElement === document.body || actions.contains(document.activeElement))) next?.focus({ preventScroll: true });
      }, 0);
    }
    el.hidden = !show;
    standings.update(show && closed === null && !!view.ui);
    if (!show) return false;
    kicker.hidden = closed !== null;
    peekBtn.hidden = closed !== null;
    const text = closed ?? view.ui?.winnerText() ?? t('table.banner.over');
    if (winner.textContent !== text) winner.textContent = text;
    const me = view.mySeat();
    const canPlay = closed === null && !reconnecting && me >= 0;
    const mine = view.seatAt(me);
    againBtn.hidden = !canPlay;
    logs.update();
    let words = '';
    if (canPlay && mine?.ready) {
      againBtn.disabled = true;
      const others = (list(s.seats) as LiveSeat[]).flatMap((x, i) => (i !== me && x.kind === 'human' && x.connected && !x.ready ? [x.name] : []));
      words = others.length ? t('table.banner.waitingAccept', { names: listNames(others) }) : t('table.banner.starting');
    } else if (closed === null) {
      againBtn.disabled = false;
      const asking = (list(s.seats) as LiveSeat[]).filter((x) => x.kind === 'human' && x.ready).map((x) => x.name);
      if (asking.length) words = t('table.banner.wantsRematch', { names: listNames(asking), count: asking.length });
    }
    if (note.textContent !== words) note.textContent = words;
    return true;
  }

  return {
    el,
    update,
    rematchOpen: () => {
      againBtn.disabled = false;
    },
    logReceived: logs.received,
  };
}
