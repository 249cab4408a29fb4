/**
 * Shared by the engine's tests (left out of the build).
 */
import { isDeepStrictEqual } from 'node:util';

/**
 * `expect(actual).toEqual(expected)` (or `toStrictEqual` with `strict`), at the speed of Node's own deep comparison:
 * two values Node finds strictly equal pass both matchers, so jest's matcher only runs, and decides, when they are
 * not. For the property tests that compare thousands of views: the Duel board's test spent 19 s in jest's matcher.
 */
export function expectEqual(actual: unknown, expected: unknown, strict = false): void {
  if (isDeepStrictEqual(actual, expected)) return;
  if (strict) expect(actual).toStrictEqual(expected);
  else expect(actual).toEqual(expected);
}
