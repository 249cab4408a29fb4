/**
 * A Saloon Showdown game played by bots through the engine's own simulator (as the server would drive it), recorded as
 * the server's game log, with the steps at which each of the game's views first appears for one seat: a threat, a
 * threat on that seat, a duel watched and one fought ("Ready…" and "GO!"), a Mexican Standoff's chain and race, the
 * Turkey, a Truel, the end. The replay viewer (`#/replay`) shows the table as that seat saw it at any step, so the
 * layout of every view can be measured without waiting for bots to happen upon it.
 */
import { saloonLog } from './bot-log';

export interface ReplayMoment {
  /** Replay position: the state after this many steps (0: the deal). */
  position: number;
  what: string;
}

export function saloonReplay(seats: number, seed: number, seat: number): { log: object; moments: ReplayMoment[]; steps: number } {
  const first = new Map<string, number>();
  let position = 0;
  const log = saloonLog(seats, seed, { wind: true }, (state) => {
    const ph = state.phase;
    let what: string = ph.kind;
    if (ph.kind === 'threat') what += ph.target === seat ? ' on me' : '';
    if (ph.kind === 'duel') what += `${ph.threatener === seat || ph.target === seat ? ' fought' : ' watched'}${ph.go ? ', GO' : ', ready'}`;
    if (ph.kind === 'truel') what += ph.go ? ', GO' : ', ready';
    if (ph.kind === 'standoff' || ph.kind === 'turkey') what += `, ${ph.stage}`;
    if (!first.has(what)) first.set(what, position);
    position += 1;
  });
  // The views that differ in layout (a plain turn is the live tables' business): a threat (on me when there is one),
  // duels fought and watched, a Truel, a Standoff's chain and race, the Turkey's race, the end.
  const wanted = [
    first.has('threat on me') ? 'threat on me' : 'threat',
    'duel fought, ready',
    'duel fought, GO',
    'duel watched, GO',
    'truel, GO',
    'standoff, chain',
    'standoff, race',
    'turkey, race',
    'over',
  ];
  const moments = wanted
    .filter((w) => first.has(w))
    .map((what) => ({ position: first.get(what) as number, what }))
    .sort((a, b) => a.position - b.position);
  return { log, moments, steps: position - 1 };
}
