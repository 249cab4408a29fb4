/**
 * A shot in any of the reflex races (duel, Truel, Mexican Standoff, the Turkey): judged on the cards by the caller,
 * then recorded and announced here, with the false-start floor (a reaction under FALSE_START_MS is a miss whatever
 * the cards say) and the misfire lock-out. What a hit wins is each race's own business.
 */
import type { SaloonEmitted } from '../protocol/events';
import type { ShootIntent } from './intents';
import { DUEL_LIMIT_MS, FALSE_START_MS, GO_DELAY_MS, MISFIRE_LOCK_MS } from './numbers';
import type { SaloonState, ShotRecord } from './state';

/**
 * A shot in any of the races (duel, truel, standoff, turkey), judged on the cards (`judged`: a record made for this
 * shot, which this completes and keeps): it is recorded and announced, and
 * a miss locks the shooter out for MISFIRE_LOCK_MS. A reaction under FALSE_START_MS (the server's accepted one, else
 * the time since "Go!") is a false start: a miss. Returns whether it hit.
 */
export function fire(
  ph: { shots: ShotRecord[]; lockedUntil: number[]; goAt: number },
  judged: ShotRecord,
  shot: ShootIntent,
  events: SaloonEmitted[],
): boolean {
  const reactionMs = shot.reactionMs ?? judged.at - ph.goAt;
  const falseStart = reactionMs < FALSE_START_MS;
  // `judged` is made by the caller for this shot alone: it becomes the record, keys in the same order as
  // `{ ...judged, correct, reactionMs, ...(falseStart ? { falseStart } : {}) }`.
  const record: ShotRecord = judged;
  record.correct = judged.correct && !falseStart;
  record.reactionMs = reactionMs;
  if (falseStart) record.falseStart = true;
  ph.shots.push(record);
  events.push({ type: 'shot', ...record });
  if (record.correct) return true;
  const lockedUntil = record.at + MISFIRE_LOCK_MS;
  ph.lockedUntil[record.seat] = lockedUntil;
  events.push({ type: 'misfire', seat: record.seat, lockedUntil });
  return false;
}

/**
 * The clock and the shots of a duel or a Truel started at `at`: "Go!" GO_DELAY_MS later, abandoned DUEL_LIMIT_MS after
 * "Go!", nobody locked out, no shot yet.
 */
export function raceFromNow(state: SaloonState, at: number) {
  const goAt = at + GO_DELAY_MS;
  return { startedAt: at, goAt, go: false, endsAt: goAt + DUEL_LIMIT_MS, lockedUntil: state.players.map(() => 0), shots: [] as ShotRecord[] };
}
