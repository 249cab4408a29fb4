import { cloneState } from '../core/clone';
import type { Seat } from '../core/game';
import type { Rng } from '../core/rng';
import { childRng } from '../core/search';
import { allCards, baseValue, cardInfo, eventId } from './cards';
import type { RattlesnakeState } from './state';
import type { RattlesnakeView } from './view';
import { at } from '../core/at';

/**
 * A full Rattlesnake state consistent with one seat's view (`view(world, seat)` equals the view it came from),
 * with every hidden card sampled: the seat's own deck order, the opponent's hand, deck and face-down cards, the
 * saloon deck and the box. The sample uses nothing but the view: the cards not seen anywhere in it are dealt into
 * the hidden places, by their counts, following what the view and the rules say about where a card can be:
 *  - events only ever lie in the saloon deck or the box (High Noon at the bottom of the saloon deck);
 *  - a player's Hits go back into that player's own cards (the seat's own are all visible but those in its deck);
 *  - personal cards stay with their owner, unless there is no room left there (Switch Up can move them);
 *  - saloon action cards go anywhere still free.
 * The opponent's face-down cards are a random part of what it held; the Scout top card the seat put back stays on
 * top. A fresh generator is drawn for the sampled world's own shuffles.
 */
export function determinize(v: RattlesnakeView, rng: Rng): RattlesnakeState {
  const me = v.seat as Seat;
  const opp = 1 - me;
  const mine = at(v.players, me, 'the searching seat is 0 or 1');
  const theirs = at(v.players, opp, 'the other seat is 0 or 1');
  const revealed = v.attack?.revealed === true;

  const seen = new Set<string>();
  const see = (ids: readonly (string | null)[]) => ids.forEach((id) => id !== null && seen.add(id));
  see(v.hand);
  see(v.myCommit ?? []);
  for (const p of v.players) {
    see(p.hits);
    see(p.discard);
    see((p.revealed ?? []).map((r) => r.id));
  }
  see(v.graveyard);
  see(v.saloon);
  if (v.myDeckTop) see([v.myDeckTop]);

  // Hidden places and how many cards each holds.
  const oppCommitted = theirs.committedCount !== null && !(revealed && theirs.revealed) ? theirs.committedCount : 0;
  const slots = {
    myDeck: mine.deckCount - (v.myDeckTop ? 1 : 0),
    oppHand: theirs.handCount,
    oppDeck: theirs.deckCount,
    oppCommit: oppCommitted,
    saloonDeck: v.saloonDeckCount,
    box: v.boxCount,
  };
  type Place = keyof typeof slots;
  const into: Record<Place, string[]> = { myDeck: [], oppHand: [], oppDeck: [], oppCommit: [], saloonDeck: [], box: [] };
  const free = (p: Place) => slots[p] - into[p].length;
  const put = (id: string, places: readonly Place[]): boolean => {
    const room = places.reduce((s, p) => s + Math.max(0, free(p)), 0);
    if (room === 0) return false;
    let k = rng.int(room);
    for (const p of places) {
      const f = Math.max(0, free(p));
      if (k < f) {
        into[p].push(id);
        return true;
      }
      k -= f;
    }
    return false;
  };
  const OPP: Place[] = ['oppHand', 'oppDeck', 'oppCommit'];
  const ANY: Place[] = ['myDeck', 'oppHand', 'oppDeck', 'oppCommit', 'saloonDeck', 'box'];

  const unseen = rng.shuffle(allCards().filter((id) => !seen.has(id)));
  const highNoon = eventId('high-noon');
  // High Noon is always the saloon deck's last card while it is there.
  let lastOfSaloon: string | null = null;
  if (unseen.includes(highNoon) && slots.saloonDeck > 0) {
    lastOfSaloon = highNoon;
    slots.saloonDeck--;
  }
  const rest: string[] = [];
  const order = (id: string): number => {
    const c = cardInfo(id);
    if (!c) return 9;
    if (c.kind === 'event') return 0;
    if (c.kind === 'hit') return 1;
    return id.startsWith('p') ? 2 : 3;
  };
  for (const id of [...unseen].sort((a, b) => order(a) - order(b))) {
    if (id === lastOfSaloon) continue;
    const c = cardInfo(id);
    let placed = false;
    if (c?.kind === 'event') placed = put(id, ['saloonDeck', 'box']);
    else if (c?.kind === 'hit') placed = put(id, c.seat === me ? ['myDeck'] : OPP);
    else if (id.startsWith(`p${me}-`)) placed = put(id, ['myDeck']);
    else if (id.startsWith(`p${opp}-`)) placed = put(id, OPP);
    else placed = put(id, ANY);
    if (!placed) rest.push(id);
  }
  for (const id of rest) put(id, ANY);
  // Anything still unplaced means the view's counts disagree with the card list: fill what is left in order.
  for (const p of ANY) while (free(p) > 0 && rest.length > 0) into[p].push(rest.pop() as string);
  for (const p of ANY) into[p] = rng.shuffle(into[p]);
  if (lastOfSaloon) {
    slots.saloonDeck++;
    into.saloonDeck.push(lastOfSaloon);
  }

  const values: Record<string, number> = {};
  for (const p of v.players) for (const r of p.revealed ?? []) if (r.value !== null && r.value !== baseValue(r.id)) values[r.id] = r.value;

  const players = v.players.map((p, s) => {
    const isMe = s === me;
    const committed = p.committedCount === null ? null : p.revealed ? p.revealed.map((r) => r.id) : isMe ? [...(v.myCommit ?? [])] : into.oppCommit;
    return {
      deck: isMe ? [...(v.myDeckTop ? [v.myDeckTop] : []), ...into.myDeck] : into.oppDeck,
      hand: isMe ? [...v.hand] : into.oppHand,
      discard: [...p.discard],
      hits: [...p.hits],
      committed,
      knownTop: isMe ? v.myDeckTop : null,
    };
  });
  let scout: RattlesnakeState['scout'] = null;
  if (v.scout) {
    scout = v.scout.seat === me ? { seat: me, drawn: [...v.scout.drawn] } : { seat: opp, drawn: at(players, opp, 'the other seat is 0 or 1').hand.slice(-2) };
  }
  let response: RattlesnakeState['response'] = null;
  if (v.response) {
    const { responder: _responder, ...used } = v.response;
    response = used;
  }
  return {
    options: {},
    players,
    saloon: [...v.saloon],
    saloonDeck: into.saloonDeck,
    box: into.box,
    graveyard: [...v.graveyard],
    active: v.active,
    turn: v.turn,
    bought: v.bought,
    attacksLeft: v.attacksLeft,
    step: { ...v.step },
    attack: v.attack ? { ...v.attack, values } : null,
    response,
    scout,
    opening: { reveals: v.opening.reveals.map(([a, b]) => [a, b] as [string, string]), first: v.opening.first },
    lastShowdown: v.lastShowdown ? cloneState(v.lastShowdown) : null,
    winner: v.winner,
    quiet: v.quiet,
    rng: childRng(rng).state(),
  };
}
