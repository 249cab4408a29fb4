/**
 * What the Wind Brings: an event card drawn waits for the next safe moment (the start of a turn) and then happens —
 * Hail of Bullets ($20 to the most Bullets), the Great Bank Heist (the poorest collect $10 per Booty on the others'
 * cards), Showdown at Noon (the two biggest Bounties duel, or three or more tied race a Standoff; no turn ends) and
 * the Turkey (three cards flipped, the first correct shot pays the shooter and the drawer and heals a Wound each).
 * Events drawn while one resolves are shuffled back afterwards.
 */
import type { Seat } from '../core/game';
import type { SaloonEmitted } from '../protocol/events';
import type { Rng } from '../core/rng';
import { bulletsOf, COLOURS, isBooty, windKind } from './cards';
import { takeTop } from './deck';
import { playerOf, table } from './own';
import { startDuel } from './duel';
import { bankPays } from './economy';
import type { ShootIntent } from './intents';
import { DUEL_LIMIT_MS, GO_DELAY_MS, STANDOFF_FLIP, WIND_HAIL, WIND_HEIST, WIND_TURKEY } from './numbers';
import { judgeShot } from './shared';
import { fire } from './shot';
import type { Phase, SaloonState } from './state';
import { at } from '../core/at';

type Turkey = Extract<Phase, { kind: 'turkey' }>;

/** Resolve waiting events while the game stands at the start of a turn; when none is left, shuffle back the held ones. */
export function resolveWind(state: SaloonState, now: number, rng: Rng, events: SaloonEmitted[]): void {
  const w = state.wind;
  if (!w) return;
  while (state.phase.kind === 'turn' && w.queue.length > 0) {
    w.resolving = true;
    const { card: id, by } = w.queue.shift() as { card: string; by: Seat };
    w.done.push(id);
    const kind = windKind(id);
    events.push({ type: 'wind_event', card: id, kind, seat: by });
    if (kind === 'hail') hail(state, events);
    else if (kind === 'heist') heist(state, events);
    else if (kind === 'turkey') {
      state.phase = {
        kind: 'turkey',
        drawer: by,
        stage: 'ready',
        goAt: now + GO_DELAY_MS,
        endsAt: 0,
        flipped: [],
        lockedUntil: state.players.map(() => 0),
        shots: [],
      };
      events.push({ type: 'turkey', drawer: by, goAt: now + GO_DELAY_MS });
    } else noon(state, by, now, events);
  }
  if (state.phase.kind === 'turn' && w.resolving) {
    w.resolving = false;
    if (w.held.length > 0) {
      state.deck = rng.shuffle([...state.deck, ...w.held]);
      events.push({ type: 'wind_shuffled_back', cards: [...w.held] });
      w.held = [];
    }
  }
}

/** Hail of Bullets: everyone shows their Bullets (the replacement card is already drawn); the most collect $20. */
function hail(state: SaloonState, events: SaloonEmitted[]): void {
  const bullets = state.players.map((p) => bulletsOf(p.hand));
  const best = Math.max(...bullets);
  events.push({ type: 'hail_of_bullets', bullets });
  state.players.forEach((_, s) => {
    if (bullets[s] === best) bankPays(state, s, WIND_HAIL, 'loot', 'hail', events);
  });
}

/** The Great Bank Heist: the poorest (least Loot) collect $10 per Booty on the other players' cards. */
function heist(state: SaloonState, events: SaloonEmitted[]): void {
  const booty = state.players.map((p) => p.hand.filter(isBooty).length);
  const least = Math.min(...state.players.map((p) => p.loot));
  const total = booty.reduce((a, b) => a + b, 0);
  events.push({ type: 'bank_heist', booty });
  booty.forEach((mine, s) => {
    if (playerOf(state, s).loot === least) bankPays(state, s, WIND_HEIST * (total - mine), 'loot', 'heist', events);
  });
}

/**
 * Showdown at Noon: the two biggest Bounties duel (ties for second place in play order from the drawer); three or
 * more tied for the biggest: a Standoff race among them (3 cards flipped after the usual delay). No turn ends.
 */
function noon(state: SaloonState, by: Seat, now: number, events: SaloonEmitted[]): void {
  const n = state.players.length;
  const order = Array.from({ length: n }, (_, k) => (by + k) % n);
  const best = Math.max(...state.players.map((p) => p.bounty));
  const tied = order.filter((s) => playerOf(state, s).bounty === best);
  const [first] = tied;
  if (tied.length > 2 && first !== undefined) {
    state.phase = {
      kind: 'standoff',
      stage: 'ready',
      threatener: first,
      judge: by,
      links: tied.map((seat, i) => ({ seat, gun: at(COLOURS, i % COLOURS.length, 'i % COLOURS.length is a colour') })),
      out: [],
      until: now,
      goAt: now + GO_DELAY_MS,
      endsAt: 0,
      flipped: [],
      lockedUntil: state.players.map(() => 0),
      shots: [],
      wind: true,
    };
    events.push({ type: 'showdown_at_noon', seats: tied, standoff: true, goAt: now + GO_DELAY_MS });
    return;
  }
  const [a, b] = [...order].sort((x, y) => playerOf(state, y).bounty - playerOf(state, x).bounty || order.indexOf(x) - order.indexOf(y));
  if (a === undefined || b === undefined) throw new Error('Saloon invariant broken: Showdown at Noon needs two players');
  state.phase = { kind: 'threat', threatener: a, target: b, gun: 'red', until: now };
  startDuel(state, now, events);
  markWind(state.phase);
  events.push({ type: 'showdown_at_noon', seats: [a, b] });
}

function markWind(phase: Phase): void {
  if (phase.kind === 'duel') phase.wind = true;
}

export function turkeyShot(state: SaloonState, seat: Seat, shot: ShootIntent, now: number, _rng: Rng, events: SaloonEmitted[]): void {
  const ph = state.phase as Turkey;
  const correct = judgeShot({ hand: ph.flipped, guns: state.guns, shooter: seat, now, anyGun: true }, shot);
  if (!fire(ph, { seat, gun: shot.gun, area: shot.area, noise: shot.noise ?? null, at: now, correct }, shot, events)) return;
  events.push({ type: 'turkey_shot', seat, drawer: ph.drawer, at: now });
  for (const s of [seat, ph.drawer]) {
    bankPays(state, s, WIND_TURKEY, 'loot', 'turkey', events);
    // Decision: "may discard a Wound" — always worth it, so it happens.
    if (playerOf(state, s).wounds > 0) {
      playerOf(state, s).wounds -= 1;
      events.push({ type: 'wound_discarded', seat: s, wounds: playerOf(state, s).wounds });
    }
  }
  endTurkey(state, events);
}

function endTurkey(state: SaloonState, events: SaloonEmitted[]): void {
  const ph = state.phase as Turkey;
  table(state, 'discard').push(...ph.flipped);
  events.push({ type: 'discarded', seat: ph.drawer, cards: [...ph.flipped], reason: 'turkey' });
  state.phase = { kind: 'turn' };
}

/** The Turkey's deadlines: its three cards flipped at "Go!", then, unshot by the limit, it escapes. */
export function turkeyDeadline(state: SaloonState, ph: Turkey, at: number, rng: Rng, events: SaloonEmitted[]): void {
  if (ph.stage === 'ready') {
    for (let i = 0; i < STANDOFF_FLIP; i++) ph.flipped.push(takeTop(state, rng, events, ph.drawer));
    ph.stage = 'race';
    ph.endsAt = ph.goAt + DUEL_LIMIT_MS;
    events.push({ type: 'turkey_flipped', drawer: ph.drawer, cards: [...ph.flipped], at: ph.goAt, endsAt: ph.endsAt });
  } else {
    events.push({ type: 'turkey_escaped', at });
    endTurkey(state, events);
  }
}
