/** Combo evaluation: pure functions over (card id, current value) pairs. Hits never take part. */
import { at } from '../core/at';

export type ComboKind = 'set' | 'run' | 'single';

export interface Combo {
  kind: ComboKind;
  /** The cards that form the combo (one per value for a run), highest value first. */
  cards: string[];
  size: number;
  /** Highest value in the combo. */
  top: number;
}

export interface ValuedCard {
  id: string;
  value: number;
}

export interface ComboRules {
  /** Sandstorm: a Run beats a Set of the same size. */
  sandstorm: boolean;
  /** Deadeye: a full tie goes to the attacker. */
  deadeye: boolean;
}

function typeRank(kind: ComboKind, sandstorm: boolean): number {
  if (kind === 'single') return 0;
  if (kind === 'set') return sandstorm ? 1 : 2;
  return sandstorm ? 2 : 1;
}

/** >0 when a is stronger, <0 when b is, 0 for a full tie. Order: size, then Set over Run (flipped by Sandstorm), then top card. */
export function compareCombos(a: Combo, b: Combo, sandstorm: boolean): number {
  if (a.size !== b.size) return a.size - b.size;
  const t = typeRank(a.kind, sandstorm) - typeRank(b.kind, sandstorm);
  if (t !== 0) return t;
  return a.top - b.top;
}

/** Every candidate combo: each Set (all cards of one value, ≥2), each maximal Run (≥2 consecutive values), the best Single. */
export function candidates(cards: readonly ValuedCard[]): Combo[] {
  if (cards.length === 0) return [];
  const out: Combo[] = [];
  const byValue = new Map<number, string[]>();
  for (const c of cards) byValue.set(c.value, [...(byValue.get(c.value) ?? []), c.id]);
  const values = [...byValue.keys()].sort((x, y) => x - y);
  for (const v of values) {
    const ids = byValue.get(v) as string[];
    if (ids.length >= 2) out.push({ kind: 'set', cards: [...ids], size: ids.length, top: v });
  }
  // The first card of each value (every value in byValue came with at least one card).
  const firstOf = (v: number): string => at(byValue.get(v) ?? [], 0, 'each value has a card');
  let start = 0;
  for (let i = 1; i <= values.length; i++) {
    const last = values[i - 1]!; // 1 ≤ i ≤ values.length
    if (i < values.length && values[i] === last + 1) continue;
    if (i - start >= 2) {
      const run = values.slice(start, i);
      out.push({ kind: 'run', cards: run.map(firstOf).reverse(), size: run.length, top: last });
    }
    start = i;
  }
  const top = at(values, values.length - 1, 'cards is not empty, so neither is values');
  out.push({ kind: 'single', cards: [firstOf(top)], size: 1, top });
  return out;
}

/** The strongest combo among the cards, or null when there is none (no action cards). */
export function bestCombo(cards: readonly ValuedCard[], sandstorm: boolean): Combo | null {
  let best: Combo | null = null;
  for (const c of candidates(cards)) if (!best || compareCombos(c, best, sandstorm) > 0) best = c;
  return best;
}

/** Who wins the reveal. No combo loses to any combo; two empties go to the defender whatever the events. */
export function attackerWins(attacker: Combo | null, defender: Combo | null, rules: ComboRules): boolean {
  if (!attacker) return false;
  if (!defender) return true;
  const c = compareCombos(attacker, defender, rules.sandstorm);
  if (c !== 0) return c > 0;
  return rules.deadeye;
}

/**
 * The rule that decided a showdown: more cards (`size`), a Set over a Run of as many cards (`setOverRun`; under
 * Sandstorm a Run over a Set, `runOverSet`), the higher top card (`higher`), a full tie to the defender (`tie`) or,
 * under Deadeye, to the attacker (`tieDeadeye`). Read back from the two combos and who won, so a page tells it from the
 * showdown alone, whatever events were in effect then. Null when a side had no combo (no combo loses to any).
 */
export type DecidingRule = 'size' | 'setOverRun' | 'runOverSet' | 'higher' | 'tie' | 'tieDeadeye';

export function decidingRule(attacker: Combo | null, defender: Combo | null, attackerWon: boolean): DecidingRule | null {
  if (!attacker || !defender) return null;
  if (attacker.size !== defender.size) return 'size';
  // (of one size, two kinds are a Set and a Run: Singles are all of size 1)
  if (attacker.kind !== defender.kind) return (attackerWon ? attacker : defender).kind === 'set' ? 'setOverRun' : 'runOverSet';
  if (attacker.top !== defender.top) return 'higher';
  return attackerWon ? 'tieDeadeye' : 'tie';
}

const NUMBER_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "Set of three 4s", "Run of 3 to 5", "Single 5", "No combo". */
export function describeCombo(c: Combo | null): string {
  if (!c) return 'No combo';
  if (c.kind === 'single') return `Single ${c.top}`;
  if (c.kind === 'set') return `Set of ${NUMBER_WORDS[c.size] ?? c.size} ${c.top}s`;
  return `Run of ${c.top - c.size + 1} to ${c.top}`;
}
