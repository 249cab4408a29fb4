/**
 * The load clients stay within the server's flood limit (pace.ts): the CI run of loadtest.test.ts at --think 20-40
 * counted RATE_LIMITED refusals, a Duel seat there sending an intent every ~48 ms. Times are given, not waited for.
 */
import { MessageBucket } from '../flood';
import { settings } from '../table/settings';
import { Pacer } from './pace';

/** When a client that wants to send every `everyMs` for `forMs` sends, held back by `pacer` if given. */
function sendTimes(everyMs: number, forMs: number, pacer?: Pacer): number[] {
  const sent: number[] = [];
  let at = 0;
  while (at < forMs) {
    const hold = pacer?.wait(at) ?? 0;
    if (hold > 0) {
      at += hold;
      continue;
    }
    pacer?.take(at);
    sent.push(at);
    at += everyMs; // its next intent: a think time and a round trip later
  }
  return sent;
}

/** What the server's bucket says to messages handled at those times. */
const verdicts = (handledAt: number[]) => {
  const bucket = new MessageBucket(settings.flood);
  const out: Record<string, number> = {};
  for (const t of handledAt) {
    const v = bucket.take(t);
    out[v] = (out[v] ?? 0) + 1;
  }
  return out;
};

test('a client wanting an intent every 48 ms for 10 s: unpaced the server refuses some, paced it refuses none', () => {
  const unpaced = sendTimes(48, 10_000);
  expect(verdicts(unpaced).limited).toBeGreaterThan(0); // the condition the CI run met

  const paced = sendTimes(48, 10_000, new Pacer(settings.flood));
  expect(verdicts(paced)).toEqual({ ok: paced.length });
  // Held to about the sustained rate, not much below it.
  expect(paced.length).toBeGreaterThan(settings.flood.perSecond * 10);
  expect(paced.length).toBeLessThanOrEqual(settings.flood.perSecond * 10 + settings.flood.burst);
});

test('paced messages handled in bunches (an event loop stalled for up to 1 s at a time) are still within the limit', () => {
  const paced = sendTimes(10, 20_000, new Pacer(settings.flood));
  for (const stallMs of [250, 500, 1000]) {
    // Everything sent during a stall is handled together at its end.
    const handled = paced.map((t) => Math.ceil((t + 1) / stallMs) * stallMs);
    expect({ stallMs, verdicts: verdicts(handled) }).toEqual({ stallMs, verdicts: { ok: paced.length } });
  }
});

test('a client slower than the limit is never held', () => {
  const pacer = new Pacer(settings.flood);
  const everyMs = Math.ceil(1000 / settings.flood.perSecond) + 1;
  for (let at = 0; at < 60_000; at += everyMs) {
    expect(pacer.wait(at)).toBe(0);
    pacer.take(at);
  }
});
