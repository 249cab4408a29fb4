/** Saloon Showdown's open window (a threat, a Standoff's chain, a duel): who may still act in it. */
import type { Saloon } from '@tumbleweed/engine';
import { canCrash, standoffJoins } from '@tumbleweed/engine/saloon/shared';

/**
 * Who may still act in the open window, as the window line names them: the seats by position (the others' hands are
 * unknown), but not me when my own hand shows I cannot ("the Bottle: you, …" beside a hand of one card of that colour).
 */
export function whoMayStill(v: Saloon.SaloonView): { mayJoin: number[]; mayCrash: number[] } {
  const w = v.window;
  if (!w) return { mayJoin: [], mayCrash: [] };
  const me = v.seat;
  return {
    mayJoin: w.mayJoin.filter((s) => s !== me || standoffJoins(v.phase, v.guns, s, v.hand).length > 0),
    mayCrash: w.mayCrash.filter((s) => s !== me || canCrash(v.phase, s, v.hand)),
  };
}
