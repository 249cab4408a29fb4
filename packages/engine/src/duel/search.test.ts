import { isError, type BotLevel, type Seat } from '../core/game';
import { Rng } from '../core/rng';
import { isGun, without } from './cards';
import { apply, legalIntents, pending, setup, type DuelIntent } from './rules';
import type { DuelState } from './state';
import { determinize, searchDuel } from './search';
import { legalFromView, view } from './view';
import { duel } from './index';

const LEVELS: BotLevel[] = ['easy', 'normal', 'hard'];
/** Few playouts keep the file quick; the decision logic is the same as with the full budget. */
const QUICK = { iterations: 40, maxMs: Infinity };

/** States met in real games (normal bots at every seat), 2–4 seats, with some opponents already committed. */
function states(count: number): DuelState[] {
  const out: DuelState[] = [];
  const rng = Rng.fromSeed(5);
  for (let g = 0; out.length < count; g++) {
    let s = setup({ seats: 2 + (g % 3), options: { target: 3 } }, Rng.fromSeed(g));
    for (let step = 0; step < 40 && s.phase === 'shootout'; step++) {
      out.push(s);
      const seat = pending(s)[0]!;
      const r = apply(s, seat, duel.bot(view(s, seat), rng));
      if (isError(r)) throw new Error(r.error.code);
      s = r.state;
    }
  }
  return out.slice(0, count);
}

/**
 * The same table with a different secret: every opponent who has committed swaps its face-down card for another
 * card it still holds (the view of `seat` cannot tell the two apart). Null when nobody's card can change.
 */
function otherSecret(s: DuelState, seat: Seat): DuelState | null {
  const alt = structuredClone(s);
  let changed = false;
  alt.players.forEach((p, other) => {
    if (other === seat || !p.commit) return;
    const swapIn = p.hand.find((c) => c !== p.commit!.card);
    if (!swapIn) return;
    p.hand[p.hand.indexOf(swapIn)] = p.commit.card;
    p.commit = { card: swapIn, target: isGun(swapIn) ? s.players.findIndex((q, t) => t !== other && q.alive) : null };
    changed = true;
  });
  return changed ? alt : null;
}

describe('the Duel bots read nothing but their own view', () => {
  test('two tables that differ only in what the bot cannot see get the same decision, at every level, for the same seed', () => {
    let compared = 0;
    for (const s of states(400)) {
      for (const seat of pending(s)) {
        const alt = otherSecret(s, seat);
        if (!alt) continue;
        expect(view(alt, seat)).toEqual(view(s, seat)); // the premise: the bot's view is the same
        expect(alt.players).not.toEqual(s.players); // and the truth is not
        for (const level of LEVELS) {
          if (level === 'hard' && compared % 8 !== 0) continue; // the search is slower: a sample of the states
          // The hard bot with a small budget and without its wall-clock safety net (the choice must not depend on the machine).
          const play = (x: DuelState) =>
            level === 'hard' ? searchDuel(view(x, seat), Rng.fromSeed(compared), QUICK).intent : duel.bot(view(x, seat), Rng.fromSeed(compared), level);
          const a = play(s);
          const b = play(alt);
          expect(b).toEqual(a);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  test('a sampled world shows the bot exactly its own view, and gives each committed opponent a card it still held', () => {
    const rng = Rng.fromSeed(9);
    for (const s of states(300)) {
      for (const seat of pending(s)) {
        const v = view(s, seat);
        const world = determinize(v, rng);
        expect(view(world, seat)).toEqual(v);
        world.players.forEach((p, other) => {
          if (!p.commit) return;
          expect(without(s.players[other]!.hand, []).concat(s.players[other]!.commit!.card).sort()).toEqual([...p.hand, p.commit.card].sort());
        });
      }
    }
  });
});

describe('the hard Duel bot', () => {
  test('always picks a legal intent, and the same one for the same view and seed', () => {
    const rng = Rng.fromSeed(3);
    let checked = 0;
    for (const s of states(40)) {
      const seat = pending(s)[0]!;
      const v = view(s, seat);
      const seed = rng.int(1_000_000);
      const a = searchDuel(v, Rng.fromSeed(seed), QUICK).intent;
      expect(legalIntents(s, seat)).toContainEqual(a);
      expect(searchDuel(v, Rng.fromSeed(seed), QUICK).intent).toEqual(a);
      checked++;
    }
    expect(checked).toBe(40);
  });

  test("is the game's bot at level hard", () => {
    const s = states(30)[29]!;
    const v = view(s, pending(s)[0]!);
    expect(duel.bot(v, Rng.fromSeed(8), 'hard')).toEqual(searchDuel(v, Rng.fromSeed(8)).intent);
  });

  test('it does not reload into an unplayed rifle: it fires its pistol, which is never hit and kills a reload', () => {
    // The rival holds only its rifle and its reload; the bot holds a pistol, a barricade and a reload. Reloading or
    // hiding is shot by the rifle, the pistol is safe whatever comes: the search fires.
    const s: DuelState = {
      options: { target: 5 },
      players: [
        { money: 0, alive: true, aside: ['pistol', 'pistol', 'rifle'], hand: ['pistol', 'barricade', 'reload'], commit: null },
        { money: 0, alive: true, aside: ['pistol', 'pistol', 'pistol', 'barricade'], hand: ['rifle', 'reload'], commit: null },
      ],
      round: 1,
      shootout: 5,
      phase: 'shootout',
      lastReveal: null,
      winner: null,
      rng: Rng.fromSeed(1).state(),
    };
    for (let seed = 0; seed < 5; seed++) {
      const pick = duel.bot(view(s, 0), Rng.fromSeed(seed), 'hard') as DuelIntent;
      expect(pick).toEqual({ type: 'commit', card: 'pistol', target: 1 });
    }
    expect(legalFromView(view(s, 0)).some((l) => l.card === 'reload')).toBe(true);
  });
});
