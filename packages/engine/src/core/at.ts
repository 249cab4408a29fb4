/**
 * Indexed reads whose element an invariant guarantees (a seat already validated, an index from the same array's
 * bounds, a pile checked non-empty). With `noUncheckedIndexedAccess` a bare `arr[i]` is `T | undefined`; `at` says
 * which invariant holds and fails loudly, naming it, if it ever breaks, instead of letting `undefined` flow on.
 */
export function at<T>(arr: readonly T[], i: number, invariant: string): T {
  const x = arr[i];
  if (x === undefined) throw new Error(`engine invariant broken: ${invariant} (index ${i} of ${arr.length})`);
  return x;
}
