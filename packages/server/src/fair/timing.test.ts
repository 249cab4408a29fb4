/** The timing policy of fair races (timing.ts) and the order in which held shots are judged (referee.ts). */
import { RaceReferee } from './referee';
import { allowanceMs, collectionWindowMs, FAIR, judgeTiming, type ShotTiming } from './timing';

const GO = 10_000;
const base: ShotTiming = { goAt: GO, arrival: GO, oneWayMs: 0, quotaLeftMs: FAIR.lagQuotaMs, falseStartMs: 100 };
const tol = FAIR.toleranceMs;

describe('judgeTiming: where a shot is placed', () => {
  test.each([
    // [what, timing, accepted reaction, forgiven]
    ['a near player (0 ms away) claiming the truth: its arrival', { arrival: GO + 300, claimedMs: 300 }, 300, 0],
    ['a far player (75 ms away) claiming the truth: its claim', { arrival: GO + 300 + 75, claimedMs: 300, oneWayMs: 75 }, 300, 75],
    ['no claim: its arrival, nothing forgiven', { arrival: GO + 375, oneWayMs: 75 }, 375, 0],
    ['a claim earlier than the network allows: arrival − latency − tolerance', { arrival: GO + 375, claimedMs: 150, oneWayMs: 75 }, 300 - tol, 75 + tol],
    ['a claim later than its arrival: its arrival', { arrival: GO + 200, claimedMs: 500 }, 200, 0],
    [
      'read after a 100 ms stall of the server, far player claiming the truth: its claim (the stall was not its network)',
      { arrival: GO + 300 + 75 + 100, claimedMs: 300, oneWayMs: 75, stallMs: 100 },
      300,
      175,
    ],
    [
      'read after a stall, a claim earlier than the network allows even then: arrival − stall − latency − tolerance',
      { arrival: GO + 475, claimedMs: 150, oneWayMs: 75, stallMs: 100 },
      300 - tol,
      175 + tol,
    ],
    ['read just after a stall, a near player claiming the truth: its claim, not earlier', { arrival: GO + 301, claimedMs: 300, stallMs: 120 }, 300, 1],
    ['read after a stall, no claim: when it was read', { arrival: GO + 475, oneWayMs: 75, stallMs: 100 }, 475, 0],
    ['a far player past its lag quota: forgiven only the quota', { arrival: GO + 300 + 200, claimedMs: 300, oneWayMs: 200, quotaLeftMs: 150 }, 350, 150],
    ['a quota already spent: its arrival', { arrival: GO + 375, claimedMs: 300, oneWayMs: 75, quotaLeftMs: 0 }, 375, 0],
    [
      'a response window (shown when the state arrived), far player claiming the truth: both ways forgiven',
      { arrival: GO + 75 + 300 + 75, claimedMs: 300, oneWayMs: 75, quotaLeftMs: FAIR.windowQuotaMs, scheduled: false },
      300,
      150,
    ],
    [
      'a response window, a claim earlier than the round trip allows: arrival − round trip − tolerance',
      { arrival: GO + 450, claimedMs: 100, oneWayMs: 75, quotaLeftMs: FAIR.windowQuotaMs, scheduled: false },
      300 - tol,
      150 + tol,
    ],
  ] as const)('%s', (_, t, reaction, forgiven) => {
    const v = judgeTiming({ ...base, ...t });
    expect(v.reactionMs).toBeCloseTo(reaction, 6);
    expect(v.at).toBeCloseTo(GO + reaction, 6);
    expect(v.forgivenMs).toBeCloseTo(forgiven, 6);
  });

  test('a claim under the human floor is a false start as claimed, wherever it arrives', () => {
    for (const arrival of [GO - 50, GO + 60, GO + 400]) {
      const v = judgeTiming({ ...base, arrival, claimedMs: 50, oneWayMs: 40 });
      expect(v.reactionMs).toBe(50);
      expect(v.at).toBeGreaterThanOrEqual(GO);
    }
  });

  test('a liar gains at most the tolerance: whatever it claims, its shot is placed no earlier than arrival − latency − tolerance', () => {
    for (const oneWayMs of [0, 10, 40, 75]) {
      for (const truth of [150, 250, 400]) {
        const arrival = GO + truth + oneWayMs;
        for (const claimedMs of [100, truth - 60, truth - 10, truth].filter((c) => c >= base.falseStartMs)) {
          const v = judgeTiming({ ...base, arrival, claimedMs, oneWayMs });
          expect(truth - v.reactionMs).toBeLessThanOrEqual(tol + 1e-9);
        }
      }
    }
  });

  test('the collection window is the largest allowance; a bot (0 ms away) is allowed the tolerance', () => {
    expect(allowanceMs(0, FAIR.lagQuotaMs)).toBe(tol);
    expect(allowanceMs(75, FAIR.lagQuotaMs)).toBe(75 + tol);
    expect(allowanceMs(500, FAIR.lagQuotaMs)).toBe(FAIR.lagQuotaMs);
    expect(collectionWindowMs([allowanceMs(0, 150), allowanceMs(75, 150)])).toBe(75 + tol);
    expect(allowanceMs(75, FAIR.windowQuotaMs, false)).toBe(150 + tol); // a response window: both ways
  });
});

describe('RaceReferee: held shots are judged in accepted-time order, once nothing quicker can still arrive', () => {
  test('a far quicker shot arriving after a near slower one is judged first', () => {
    const r = new RaceReferee<string>();
    r.enter('race 1');
    r.hold({ seat: 0, at: GO + 300, seq: 1, payload: 'near' }, 0);
    expect(r.due(GO + 300, 100, [0, 1])).toEqual([]); // the far shot may still be on its way
    r.hold({ seat: 1, at: GO + 280, seq: 2, payload: 'far' }, 75);
    expect(r.due(GO + 360, 100, [0, 1]).map((h) => h.payload)).toEqual(['far', 'near']); // everyone has shot: at once
  });

  test('alone, a shot waits out the window; ties go to the earlier arrival', () => {
    const r = new RaceReferee<string>();
    r.enter('race 1');
    r.hold({ seat: 1, at: GO + 300, seq: 7, payload: 'second' }, 0);
    r.hold({ seat: 0, at: GO + 300, seq: 6, payload: 'first' }, 0);
    const three = new RaceReferee<string>();
    three.enter('r');
    three.hold({ seat: 0, at: GO + 300, seq: 1, payload: 'a' }, 0);
    expect(three.due(GO + 399, 100, [0, 1, 2])).toEqual([]);
    expect(three.nextDue(100)).toBe(GO + 400);
    expect(three.due(GO + 400, 100, [0, 1, 2]).map((h) => h.payload)).toEqual(['a']);
    expect(r.takeAll().map((h) => h.payload)).toEqual(['first', 'second']);
  });

  test('the lag quota is spent per race and comes back with the next one', () => {
    const r = new RaceReferee<string>();
    r.enter('race 1');
    r.hold({ seat: 1, at: GO, seq: 1, payload: 'x' }, 100);
    expect(r.quotaLeft(1)).toBe(FAIR.lagQuotaMs - 100);
    r.hold({ seat: 1, at: GO + 2000, seq: 2, payload: 'y' }, 100);
    expect(r.quotaLeft(1)).toBe(Math.max(0, FAIR.lagQuotaMs - 200));
    expect(r.quotaLeft(0)).toBe(FAIR.lagQuotaMs);
    r.enter('race 2');
    expect(r.quotaLeft(1)).toBe(FAIR.lagQuotaMs);
  });
});
