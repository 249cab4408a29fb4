/**
 * Rattlesnake's words that need no Pixi: what a card does, a combo's name, a showdown's verdict. Shared by the
 * scene (scenes/rattlesnake.ts) and the game UI (games/rattlesnake.ts), which the lobby imports: keeping these here
 * keeps Pixi out of the lobby's script.
 */
import { Rattlesnake } from '@tumbleweed/engine';
import { language, t } from '../i18n';
import type { Standing } from './types';

/** What a card does, in the current language (names stay as printed). */
export function rulesText(c: Rattlesnake.CardInfo): string {
  if (c.kind === 'action') return t(`rattlesnake:ability.${c.ability}`);
  if (c.kind === 'event') return t(`rattlesnake:event.${c.event}`);
  return '';
}

/** What a card does in a few words, as printed on its face ('' for a Hit). */
export function faceText(c: Rattlesnake.CardInfo): string {
  if (c.kind === 'action') return t(`rattlesnake:face.${c.ability}`);
  if (c.kind === 'event') return t(`rattlesnake:faceEvent.${c.event}`);
  return '';
}

const SIZE_WORDS = [null, null, 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'] as const;

/** "Set of three 4s", "Run of 3 to 5", "Single 5", "No combo" — in the current language. */
export function describeCombo(c: Rattlesnake.Combo | null): string {
  if (!c) return t('rattlesnake:combo.none');
  if (c.kind === 'single') return t('rattlesnake:combo.single', { top: String(c.top) });
  if (c.kind === 'set') {
    const word = SIZE_WORDS[c.size];
    const size = word ? t(`rattlesnake:combo.size.${word}`) : String(c.size);
    return t('rattlesnake:combo.set', { size, top: String(c.top) });
  }
  return t('rattlesnake:combo.run', { from: String(c.top - c.size + 1), to: String(c.top) });
}

/** A verdict's forms, longest first: with the rule that decided it, without it, and who won and what it did. */
export type VerdictForm = 'why' | 'full' | 'short';
export const VERDICT_FORMS: readonly VerdictForm[] = ['why', 'full', 'short'];

/**
 * The verdict of a showdown from where `seat` sits (null: watching). The winner's combo comes first, then the rule
 * that decided it (`why`): "You lose: Set of two 4s beats Single 5 (more cards) — 1 Hit", "Ann wins: Single 3 ties
 * Single 3 (a tie goes to the defender) — the defence holds"; `full` drops the rule, `short` the combos too
 * ("You lose — 1 Hit").
 */
export function verdict(sd: Rattlesnake.Showdown, seat: number | null, name: (seat: number) => string, form: VerdictForm = 'why'): string {
  const winner = sd.attackerWon ? sd.attacker : sd.defender;
  const won = describeCombo(sd.attackerWon ? sd.attackerCombo : sd.defenderCombo);
  const lost = describeCombo(sd.attackerWon ? sd.defenderCombo : sd.attackerCombo);
  const rule = sd.dodge ? null : Rattlesnake.decidingRule(sd.attackerCombo, sd.defenderCombo, sd.attackerWon);
  const tie = rule === 'tie' || rule === 'tieDeadeye' || (!sd.dodge && sd.attackerCombo === null && sd.defenderCombo === null);
  const how = sd.dodge ? t('rattlesnake:verdict.dodge') : t(tie ? 'rattlesnake:verdict.tie' : 'rattlesnake:verdict.combos', { won, lost });
  const result = sd.attackerWon ? t('rattlesnake:verdict.hits', { count: sd.hits }) : t('rattlesnake:verdict.held');
  const who =
    seat === null
      ? t('rattlesnake:verdict.wins', { name: name(winner) })
      : winner === seat
        ? t('rattlesnake:verdict.youWin')
        : t('rattlesnake:verdict.youLose');
  // (short, where the felt has no room for the combos: who won and what it did, "You lose — 1 Hit")
  if (form === 'short') return t('rattlesnake:verdict.short', { who, result });
  if (form === 'why' && rule) return t('rattlesnake:verdict.why', { who, how, why: t(`rattlesnake:verdict.rule.${rule}`), result });
  return t('rattlesnake:verdict.line', { who, how, result });
}

/**
 * The end screen's standings: the winner (the one with Hits left in front) first. The score is the Hits left in
 * front of each player (the game ends when one has none), the detail how many of the 4 they took. `winners`: the
 * table's winners (the view's own winner when empty).
 */
export function standingsOf(v: Rattlesnake.RattlesnakeView, winners: readonly number[]): Standing[] {
  const won = new Set<number>(winners);
  if (won.size === 0 && v.winner !== null) won.add(v.winner);
  const of = Rattlesnake.HITS_PER_PLAYER;
  const rows = v.players.map((p, seat) => ({ seat, left: p.hits.length, winner: won.has(seat) }));
  rows.sort((a, b) => Number(b.winner) - Number(a.winner) || b.left - a.left || a.seat - b.seat);
  return rows.map((r) => ({
    seat: r.seat,
    // Equal places only for an equal standing: both winners, or no winner and the same Hits left.
    place: 1 + rows.filter((o) => Number(o.winner) > Number(r.winner) || (o.winner === r.winner && o.left > r.left)).length,
    score: t('rattlesnake:standing.score', { count: r.left }),
    detail: t('rattlesnake:standing.detail', { count: Math.max(0, of - r.left), of: String(of) }),
    winner: r.winner,
  }));
}

/**
 * My answer to their ability. The window comes whether or not I hold a Take Cover (else they would learn I have none):
 * "Take Cover?" only when I do; without one it says so, and Allow is the only answer.
 */
export function coverPrompt(name: string, ability: string, legal: readonly Rattlesnake.RattlesnakeIntent[]): string {
  return t(legal.some((i) => i.type === 'cover') ? 'rattlesnake:prompt.coverMine' : 'rattlesnake:prompt.coverNone', { name, ability });
}

/**
 * The reveal's window, mine: the abilities I hold that work now, by name ("Use Focus or pass", "Use Focus or Distract,
 * or pass"), or that I hold none (it said "Use an ability or pass" beside a lone Pass, with Reload, Switch Up and Take
 * Cover in hand).
 */
export function windowPrompt(legal: readonly Rattlesnake.RattlesnakeIntent[]): string {
  const names = [...new Set(legal.flatMap((i) => (i.type === 'ability' ? [Rattlesnake.cardInfo(i.cardId)?.name ?? ''] : [])).filter(Boolean))];
  if (names.length === 0) return t('rattlesnake:prompt.windowNothing');
  return t('rattlesnake:prompt.windowMine', { cards: new Intl.ListFormat(language(), { type: 'disjunction' }).format(names), count: names.length });
}

/**
 * After my attack: the follow-ups I hold (a Double Tap after a hit, a Quick Draw to attack again) or pass. The step
 * comes even with neither in hand (they cannot tell), and then says there is nothing to follow up with.
 */
export function afterPrompt(hit: boolean, legal: readonly Rattlesnake.RattlesnakeIntent[]): string {
  const holds = (a: Rattlesnake.Ability) => legal.some((i) => i.type === 'ability' && Rattlesnake.abilityOf(i.cardId) === a);
  const follow = [holds('double-tap') ? t('rattlesnake:prompt.follow.doubleTap') : '', holds('quick-draw') ? t('rattlesnake:prompt.follow.again') : ''].filter(
    Boolean,
  );
  if (follow.length === 0) return t(hit ? 'rattlesnake:prompt.afterHitNothing' : 'rattlesnake:prompt.afterMissNothing');
  const choices = new Intl.ListFormat(language(), { type: 'disjunction' }).format([...follow, t('rattlesnake:prompt.follow.pass')]);
  return t(hit ? 'rattlesnake:prompt.afterHit' : 'rattlesnake:prompt.afterMiss', {
    choices: choices.charAt(0).toLocaleUpperCase(language()) + choices.slice(1),
  });
}
