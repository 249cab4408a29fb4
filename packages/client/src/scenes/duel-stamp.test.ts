/** The stamps a Duel reveal leaves on the seats (duel-stamp.ts): HIT!, RELOADED, and why a shot did not land. */
import { Duel } from '@tumbleweed/engine';
import { stampOf, stampShooter, type StampKind } from './duel-stamp';

/** 'pistol>1': a pistol at seat 1; 'reload', 'barricade'. */
const reveal = (plays: string[]): Duel.Reveal => {
  const ps = plays.map((p, seat) => {
    const [card, target] = p.split('>');
    return { seat, card: card as Duel.Card, target: target === undefined ? null : Number(target) };
  });
  const hit = Duel.hitsOf(ps);
  // (a reload nobody fired at reloads)
  return { round: 1, shootout: 1, plays: ps, hit, reloaded: ps.filter((p) => p.card === 'reload' && !hit.includes(p.seat)).map((p) => p.seat) };
};

test.each<[string, string[], (StampKind | null)[], (number | null)[]]>([
  ['a reloader shot: HIT! from the shooter', ['pistol>1', 'reload'], [null, 'hit'], [null, 0]],
  ['a pistol at a barricade: BLOCKED', ['pistol>1', 'barricade'], [null, 'blocked'], [null, 0]],
  ['a rifle at a barricade: HIT!', ['rifle>1', 'barricade'], [null, 'hit'], [null, 0]],
  ['a pistol and a rifle at a barricade: HIT! from the rifle', ['pistol>2', 'rifle>2', 'barricade'], [null, null, 'hit'], [null, null, 1]],
  ['two fire at each other: both DODGED', ['pistol>1', 'rifle>0'], ['dodged', 'dodged'], [1, 0]],
  ['nobody fires: the reloaders RELOADED, a barricade nothing', ['reload', 'barricade', 'reload'], ['reloaded', null, 'reloaded'], [null, null, null]],
  ['a reload while two others duel: RELOADED', ['reload', 'pistol>2', 'rifle>1'], ['reloaded', 'dodged', 'dodged'], [null, 2, 1]],
])('%s', (_, plays, stamps, shooters) => {
  const r = reveal(plays);
  const kinds = plays.map((_p, seat) => stampOf(r, seat));
  expect(kinds).toEqual(stamps);
  expect(plays.map((_p, seat) => (kinds[seat] ? stampShooter(r, seat, kinds[seat]) : null))).toEqual(shooters);
});
