/** The status bar under the header: whose decision it is, the countdown, the connection's state. */
import { localEnd, secondsUntil } from '../clock';
import { h, listNames, mediaMatches, onMediaChange, SIDEWAYS } from '../dom';
import { t } from '../i18n';
import { TABLE_STATUSES } from '@tumbleweed/engine/protocol/messages';
import { list } from '../state';
import { holdTallest } from './layout';
import type { TableView } from './view';

/**
 * The deadline is the table's turn timer or one of the game's own clocks (a threat window, a race), which may be
 * longer than the turn timer or run with the timer off. A deadline further away than either could be (a local
 * clock set wrong) falls back to a full turn timer from now, or to no clock at all.
 */
const LONGEST_GAME_CLOCK_S = 60;

/** The most names the status bar lists while it waits; more are counted (the players list says who is deciding). */
const MOST_NAMES = 2;

/**
 * Whom the table waits for, in the status bar: "Waiting for Ann and Bob…", "Waiting for 5 players…" (five names wrapped
 * a 360 px phone's status bar to three lines, the table squeezed under it), for a watcher "You are watching. …", for a
 * player out of the round "You're out this round. …".
 */
export function waitingLine(names: readonly string[], watching: boolean, out: boolean): string {
  const many = names.length > MOST_NAMES;
  const whom = { names: listNames([...names]), n: String(names.length) };
  // (a watcher, a TV: told so, as a seated player is told whose turn it is)
  if (watching) return t(many ? 'table.status.watchingForMany' : 'table.status.watchingFor', whom);
  return `${out ? `${t('table.status.out')} ` : ''}${t(many ? 'table.status.waitingForMany' : 'table.status.waitingFor', whom)}`;
}

export function statusBar(view: TableView): { el: HTMLElement; update(): void; dispose(): void } {
  const statusText = h('span', { role: 'status' });
  const statusClock = h('span', { 'aria-hidden': 'true' });
  const line = h('span', { class: 'status-line' }, statusText, statusClock);
  const el = h('div', { class: 'status', 'data-testid': 'status' }, line);

  // Held sideways (a phone's 320–430 px of height) the bar keeps to one line: words that wrap are set smaller
  // (`tight`, table-life.css), and take two lines only if they still wrap. Held at its tallest, a bar of two lines
  // took 22 px from the table for the rest of the game: at 568×320 after "Calamity Kate used Switch Up (draw 2). No
  // Take Cover in your hand: allow it" the felt's cards were 26 px wide instead of 29.
  const oneLine = () => {
    el.classList.remove('tight');
    if (!mediaMatches(SIDEWAYS) || !el.isConnected) return;
    if (line.getBoundingClientRect().height > parseFloat(getComputedStyle(line).fontSize) * 1.8) el.classList.add('tight');
  };

  // The bar keeps the tallest height it has had at this width (its words centred in it). As tall as its words, it
  // moved the whole table under the player's finger at every change of line count: up 22 px when a tap's two-line
  // "Your turn: …" became "Sending…" on a 360 px phone, and back down with the next turn; 45 px after a threat. Now the
  // table moves only when a longer line than any before needs room, down, a few times a game at most. A new width (a
  // phone turned, a window resized) measures again. At the game's end it lets go: the end card covers the table, and
  // a bar held at the height of a three-line threat over "Game over — …" took 40–45 px from the card on a 360×640 phone.
  const unturn = onMediaChange(SIDEWAYS, oneLine);
  const over = () => view.state().status === 'over';
  const unhold = holdTallest(el, { key: () => `${el.clientWidth} ${over() ? 'over' : ''}` });
  let wasOver = false;

  // Countdown against a server deadline, tolerant of a skewed local clock.
  let seenDeadline = 0;
  let localDeadline = 0;
  function secondsLeft(): number | null {
    const s = view.state();
    if (!s.deadline) return null;
    if (s.deadline !== seenDeadline) {
      seenDeadline = s.deadline;
      localDeadline = localEnd(s.deadline, Math.max(s.turnSeconds, LONGEST_GAME_CLOCK_S) * 1000, s.turnSeconds > 0 ? s.turnSeconds * 1000 : null) ?? 0;
    }
    if (!localDeadline) return null;
    return secondsUntil(localDeadline);
  }

  function update(): void {
    const s = view.state();
    const { reconnecting, reconnectTry, serverRestart, closed } = view.conn;
    const ui = view.ui;
    const me = view.mySeat();
    const pending = list(s.pending);
    const secs = s.status === 'playing' && !reconnecting ? secondsLeft() : null;
    let main = '';
    let mine = false;
    if (closed !== null) {
      main = t('table.status.disconnected');
    } else if (reconnecting) {
      const words = serverRestart ? 'backSoon' : 'reconnecting';
      main = reconnectTry > 0 ? t(`table.status.${words}Try`, { n: reconnectTry + 1 }) : t(`table.status.${words}`);
    } else if (!TABLE_STATUSES.includes(s.status)) {
      // The page opens as soon as the server has seated us; the table itself (its status, seats and cards) follows a
      // moment later, and until then nothing about it can be said.
      main = t('table.status.joining');
    } else if (s.status === 'waiting') {
      const open = list(s.seats).filter((x) => x.kind === 'open').length;
      main = t('table.status.waiting', { count: open });
    } else if (s.status === 'over') {
      main = t('table.status.over', { winner: ui?.winnerText() ?? t('table.status.ended') });
    } else if (ui?.statusText?.()) {
      mine = pending.includes(me);
      main = ui.statusText() ?? '';
    } else if (pending.includes(me)) {
      mine = true;
      main = t('table.status.pick');
    } else if (pending.length > 0) {
      main = waitingLine(pending.map(view.name), me < 0, me >= 0 && ui?.seatSummary(me).alive === false);
    } else {
      main = t('table.status.coming');
    }
    const clock = secs !== null && pending.length > 0 ? t('table.status.clock', { secs }) : '';
    if (statusText.textContent !== main || statusClock.textContent !== clock) {
      if (statusText.textContent !== main) statusText.textContent = main;
      if (statusClock.textContent !== clock) statusClock.textContent = clock;
      oneLine();
    }
    if (over() !== wasOver) {
      wasOver = over();
      el.style.minHeight = ''; // measured again (holdTallest: a new key) once the bar takes its own height
    }
    el.classList.toggle('mine', mine);
    el.classList.toggle('offline', reconnecting || closed !== null);
  }

  return {
    el,
    update,
    dispose: () => {
      unhold();
      unturn();
    },
  };
}
