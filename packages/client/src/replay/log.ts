/**
 * The replay viewer's log: every step's events as the watched seat saw them (private ones only for that seat), worded
 * by the game; the lines up to the current step show, the current step's stand out, a click on a line goes there.
 */
import { eventsFor, type GameLogFile, type GameWireEvent, type Replay } from '@tumbleweed/engine';
import { h } from '../dom';
import type { GameUi } from '../games';
import { t } from '../i18n';
import { logSection } from '../table/log';

export interface ReplayLog {
  el: HTMLElement;
  /**
   * Words every step for `seat` (-1: everyone or a spectator) with `ui`; `describing(i)` sets the frame the game's
   * UI reads while it words step i + 1 (the state before the step, as at the table), null when done.
   */
  word(ui: GameUi | null, seat: number, describing: (frame: number | null) => void): void;
  /** Shows the lines up to `position` and scrolls the current ones into view. */
  show(position: number): void;
}

export function replayLog(log: GameLogFile, rep: Replay, go: (step: number) => void): ReplayLog {
  const last = rep.frames.length - 1;
  const { el, list } = logSection(t('replay:log'), 'log replay-log');
  let lines: HTMLLIElement[][] = [];

  function word(ui: GameUi | null, seat: number, describing: (frame: number | null) => void): void {
    const startLine = h('li', { 'data-step': 0 }, t('replay:started', { count: log.seats.length }));
    lines = [[startLine]];
    for (let i = 1; i <= last; i++) {
      describing(i - 1);
      // (a log holds its game's events only: the server wrote them, engine protocol/events.ts)
      const events = eventsFor(rep.frames[i].events, seat >= 0 ? seat : null) as GameWireEvent[];
      const words: string[] = [];
      for (const e of events) {
        try {
          words.push(...(ui?.describe(e) ?? []));
        } catch {
          // a line the game cannot word is left out, as at the table
        }
      }
      lines.push(
        words.map((w) => {
          const li = h('li', { 'data-step': i, title: t('replay:goTo', { n: i }) }, w);
          li.addEventListener('click', () => go(i));
          return li;
        }),
      );
    }
    describing(null);
    list.replaceChildren(...lines.flat());
  }

  function show(position: number): void {
    lines.forEach((group, i) => {
      for (const li of group) {
        li.hidden = i > position;
        li.classList.toggle('current', i === position);
      }
    });
    const current = lines
      .slice(0, position + 1)
      .flat()
      .filter((li) => li.classList.contains('current'));
    const anchor =
      current[current.length - 1] ??
      lines
        .slice(0, position + 1)
        .flat()
        .pop();
    if (anchor) list.scrollTop = Math.max(0, anchor.offsetTop - list.offsetTop - list.clientHeight + anchor.offsetHeight + 8);
  }

  return { el, word, show };
}
