import { randomInt } from 'node:crypto';
import type { Presence } from '@colyseus/core';
import { makeCode } from '@tumbleweed/engine';

/** Presence hash that holds every live table code; shared by all processes once presence is Redis. */
export const CODES_KEY = 'tumbleweed:codes';
const ATTEMPTS = 50;

/**
 * Claims a fresh code atomically: HINCRBY returns 1 only to the first claimer, in one process or many.
 * A loser undoes its increment and draws again.
 */
export async function claimCode(presence: Presence, draw: () => string = () => makeCode(randomInt)): Promise<string> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const code = draw();
    const claims = await presence.hincrby(CODES_KEY, code, 1);
    if (claims === 1) return code;
    await presence.hincrby(CODES_KEY, code, -1);
  }
  throw new Error(`no free table code after ${ATTEMPTS} draws`);
}

export async function releaseCode(presence: Presence, code: string): Promise<void> {
  await presence.hdel(CODES_KEY, code);
}
