/**
 * Saloon Showdown's words and gun signs, without Pixi or the game's rules: the lobby's part of the game (saloon-info.ts)
 * uses them, so they come from the engine's own card file, not its index.
 */
import type { Saloon, SaloonEvent } from '@tumbleweed/engine';
import { cardInfo } from '@tumbleweed/engine/saloon/cards';
import type { ParseKeys } from 'i18next';
import { cap } from '../dom';
import { t } from '../i18n';

type Colour = Saloon.Colour;

/** A key of Saloon's dictionary (plural and `_me` forms by their base key), checked at compile time. */
export type SaloonKey = ParseKeys<'saloon'>;

/** `t('saloon:<key>', params)`: the key is checked like any `t` key, also when built from a typed colour or area. */
export const T = (key: SaloonKey, params?: Record<string, unknown>): string => t(key, { ns: 'saloon', ...params });

export { cap };

/** "red head Bang, 2 bullets, Booty". */
export function cardLabel(id: string | null | undefined): string {
  const c = cardInfo(id ?? '');
  if (!c) return T('card.aCard');
  const parts = { colour: T(`colour.${c.colour}`), area: T(`area.${c.area}`), noise: T(`noise.${c.noise}`), bullets: T('card.bullets', { count: c.bullets }) };
  return c.symbol ? T('card.labelSymbol', { ...parts, symbol: T(`symbol.${c.symbol}`) }) : T('card.label', parts);
}

/** Guns are told apart by colour, SHAPE and GLYPH (colour-blind players): red ● "R", blue ■ "B", green ▲ "G", yellow ◆ "Y". */
export const GUN_CSS: Record<Colour, string> = { red: '#c23b2a', blue: '#2e66c9', green: '#2c8a3c', yellow: '#e8b923' };
/** The DOM twin of each gun's shape (buttons, the hand list). */
export const GUN_GLYPH: Record<Colour, string> = { red: '●', blue: '■', green: '▲', yellow: '◆' };
export const GUN_LETTER: Record<Colour, string> = { red: 'R', blue: 'B', green: 'G', yellow: 'Y' };

/** One sentence for a reveal (bluff call, roulette, Bottle, the Law, Wanted Alive). `name` may say "You"; `plain` never does. */
export function revealWords(r: Saloon.Reveal, name: (seat: number) => string, plain: (seat: number) => string = name): string {
  const hands = r.hands.map((h) => T('scene.revealHand', { name: name(h.seat), count: h.bullets })).join(', ');
  const p = { hands, winner: name(r.winner), amount: r.amount };
  if (r.kind === 'bluff') return T('scene.revealBluff', p);
  if (r.kind === 'roulette') return T('scene.revealRoulette', { ...p, rolls: (r.rolls ?? []).join(T('log.rollsJoin')) });
  // "{{winner}} was the Law": a name, never "You" ("You was").
  if (r.kind === 'law') return T('scene.revealLaw', { ...p, winner: plain(r.winner) });
  if (r.kind === 'wanted') return T('scene.revealWanted', p);
  return T('scene.revealBottle', p);
}

/**
 * One sentence for the last duel, Truel or Mexican Standoff: `'last'` as the felt keeps it ("Last duel: …"), `'now'` at
 * the moment it ends ("You won the duel against Bob!"). `name` may say "You"; `plain` never does.
 */
export function lastDuelWords(d: Saloon.DuelRecord, name: (seat: number) => string, plain: (seat: number) => string, when: 'last' | 'now' = 'last'): string {
  const isMe = (s: number) => name(s) !== plain(s);
  // ("you" anywhere but at a sentence's start)
  const mid = (s: number) => (isMe(s) ? T('log.you') : plain(s));
  if (d.standoff) {
    if (d.result !== 'won' || d.winner === null) return T(`core.${when}StandoffOther`);
    // Whom the winner shot: they take the Wound and lose their Bounty to the winner (the rulebook).
    const shot = d.shots.find((s) => s.seat === d.winner && s.correct)?.target;
    return shot === undefined
      ? T(`core.${when}StandoffWon`, { winner: name(d.winner) })
      : T(`core.${when}StandoffShot`, { winner: name(d.winner), loser: mid(shot) });
  }
  if (d.truel) {
    if (d.result !== 'won' || d.winner === null) return T(`core.${when}TruelOther`);
    if (d.winner === d.threatener) return T(`core.${when}TruelDesperado`, { winner: name(d.winner) });
    // The two others win together, whichever of them shot first (rules: Desperado). "You" leads their names.
    const [a, b] = d.truel.filter((s) => s !== d.threatener).sort((x, y) => Number(isMe(y)) - Number(isMe(x)));
    return T(`core.${when}TruelWon`, { a: name(a), b: mid(b), desperado: mid(d.threatener) });
  }
  if (d.result === 'won' && d.winner !== null) {
    // ("against You" read as a name: the sentence's own forms say "you")
    const loser = d.winner === d.threatener ? d.target : d.threatener;
    const context = isMe(d.winner) ? 'me' : isMe(loser) ? 'atMe' : undefined;
    return T(`core.${when}DuelWon`, { winner: plain(d.winner), loser: plain(loser), context });
  }
  if (d.result === 'stopped') return T(`core.${when}DuelStopped`, { a: name(d.threatener), b: mid(d.target) });
  return T(`core.${when}DuelNobody`, { a: name(d.threatener), b: mid(d.target) });
}

/**
 * The Turkey's end, as the moment over the felt tells it (the Turkey keeps no race record, so the race-end moment
 * missed it): who shot it and what the shooter and the one who drew it get, or that it got away.
 */
export type TurkeyEnd = Extract<SaloonEvent, { type: 'turkey_shot' | 'turkey_escaped' }>;

export function turkeyWords(e: TurkeyEnd, name: (seat: number) => string, plain: (seat: number) => string): string[] {
  const isMe = (s: number) => name(s) !== plain(s);
  if (e.type === 'turkey_escaped') return [T('core.nowTurkeyAway'), T('core.nowTurkeyAwayWhy')];
  // ("you" first when one of the two is me: "You and Bob collect…", "Ann and you" reads as a slip)
  const [a, b] = [e.seat, e.drawer].sort((x, y) => Number(isMe(y)) - Number(isMe(x)));
  return [
    T('core.nowTurkeyShot', { name: plain(e.seat), context: isMe(e.seat) ? 'me' : undefined }),
    T('core.nowTurkeyPrize', { a: name(a), b: isMe(b) ? T('log.you') : plain(b) }),
  ];
}

/**
 * One shot of a race as its panel shows it: "Ann: yellow gun, chest, Blam → Bob — HIT". `name` may say "You"; `lower`
 * is its "you" inside a sentence.
 */
export function shotWords(s: Saloon.ShotRecord, name: (seat: number) => string, lower: (seat: number) => string = name): string {
  const at = s.target !== undefined ? ` → ${lower(s.target)}` : '';
  const gun = s.gun === 'bottle' ? T('scene.bottle') : T('scene.shotGun', { colour: T(`colour.${s.gun}`) });
  const noise = s.noise && s.noise !== 'crash' ? `, ${T(`noise.${s.noise}`)}` : s.noise ? ', Crash!' : '';
  return T('scene.shot', { name: name(s.seat), gun, area: T(`area.${s.area}`), noise, at, result: s.correct ? T('scene.HIT') : T('scene.misfire') });
}

/** One player's final score by the rulebook: Loot + Bounty − $10 per Wound. */
export const WOUND_DOLLARS = 10;
export const finalScore = (p: { loot: number; bounty: number; wounds: number }): number => p.loot + p.bounty - WOUND_DOLLARS * p.wounds;
/** A score in dollars, its sign before the dollar: "$30", "−$30" (it read "$-30"). */
export const dollars = (n: number): string => (n < 0 ? `−$${-n}` : `$${n}`);

/**
 * The end-of-game standings: best score first, ties by the bigger Bounty (the rulebook's order); the winners are the
 * game's (`winners`: a tie still tied after the Bounty is shared). Places are equal for equal score and Bounty.
 */
export function saloonStandings(
  players: readonly { loot: number; bounty: number; wounds: number }[],
  winners: readonly number[],
): { seat: number; place: number; score: number; loot: number; bounty: number; wounds: number; winner: boolean }[] {
  const rows = players.map((p, seat) => ({
    seat,
    score: finalScore(p),
    loot: p.loot,
    bounty: p.bounty,
    wounds: p.wounds,
    winner: winners.includes(seat),
    place: 0,
  }));
  rows.sort((a, b) => Number(b.winner) - Number(a.winner) || b.score - a.score || b.bounty - a.bounty || a.seat - b.seat);
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    r.place = prev && prev.winner === r.winner && prev.score === r.score && prev.bounty === r.bounty ? prev.place : i + 1;
  });
  return rows;
}

/** How a final score was made, in words: "Loot $110 + Bounty $0 − 2 Wounds × $10". */
export function scoreDetail(p: { loot: number; bounty: number; wounds: number }): string {
  return T(p.wounds > 0 ? 'end.detailWounds' : 'end.detail', { loot: p.loot, bounty: p.bounty, count: p.wounds, each: WOUND_DOLLARS });
}
