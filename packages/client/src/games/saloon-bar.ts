/**
 * Saloon Showdown's action bar, its parts: a button and a row as the turn bar (saloon-turn-bar.ts) describes them and
 * the bar (saloon.ts) draws them, a card in a few words, a key's printed hint, and the race panel's keys.
 */
import { Saloon } from '@tumbleweed/engine';
import { h } from '../dom';
import { cap, GUN_CSS, GUN_GLYPH, T } from './saloon-words';

type Colour = Saloon.Colour;
type Area = Saloon.Area;
type Noise = Saloon.Noise;

/** A row of the bar: its title (a group label for screen readers too; `short` on a phone) and its buttons. */
export interface BarRow {
  title: string;
  short?: string;
  buttons: Button[];
}

/** Buttons in runs: each group's buttons together (in the order of their first one), ungrouped buttons one a run. */
export function groupRuns(buttons: Button[]): Button[][] {
  const runs: Button[][] = [];
  for (const b of buttons) {
    const run = b.group ? runs.find((r) => r[0].group === b.group) : undefined;
    if (run) run.push(b);
    else runs.push([b]);
  }
  return runs;
}

/** A card in a few words on a button ("Blue leg Boom!"); the button's label says it whole. */
export function shortCard(id: string): string {
  const c = Saloon.cardInfo(id);
  if (!c) return T('card.aCard');
  return T('turnBar.cardShort', { colour: cap(T(`colour.${c.colour}`)), area: T(`area.${c.area}`), noise: T(`noise.${c.noise}`) });
}

/**
 * The race panel's keys (the table routes a key to the button with that `data-key`): a gun by its colour's initial
 * (R, B, G, Y; O for the Bottle), an area by its initial (H, C, A, L), a noise by its place (1 Bang, 2 Boom, 3 Blam;
 * 1 is "Crash!" with the Bottle), a Standoff's target by its place after the noises (4, 5, …), Enter shoots.
 */
export const RACE_KEYS = {
  gun: { red: 'r', blue: 'b', green: 'g', yellow: 'y', bottle: 'o' } as Record<Colour | 'bottle', string>,
  area: { head: 'h', chest: 'c', arm: 'a', leg: 'l' } as Record<Area, string>,
  noise: { bang: '1', boom: '2', blam: '3', crash: '1' } as Record<Noise | 'crash', string>,
  firstTarget: 4,
  shoot: 'Enter',
};

/** A gun's glyph in its colour, for a button that also names it (screen readers read the name, not the glyph). */
export const gunGlyph = (g: Colour): HTMLElement => h('span', { class: 'glyph', style: `color:${GUN_CSS[g]}`, 'aria-hidden': 'true' }, GUN_GLYPH[g]);

/** A key's small printed hint on its button (hidden on touch screens). */
export const keyHint = (key: string): HTMLElement => h('kbd', { class: 'key-hint', 'aria-hidden': 'true' }, key === 'Enter' ? '⏎' : key.toUpperCase());

/** A button of the bar, as the turn bar and the race panel describe it and the bar draws it. */
export type Button = {
  label: string;
  text?: Node | string;
  onClick: () => void;
  pressed?: boolean;
  cls?: string;
  title?: string;
  disabled?: boolean;
  /** Enter clicks it (it confirms the picks above). */
  confirm?: boolean;
  /** Its own key (a letter: a gun's initial, C for Cancel) instead of the next digit. */
  key?: string;
  /** A group's label ("Draw:", "Threaten:", "Discard:"): the buttons of one group stay together, after it. */
  group?: string;
};
