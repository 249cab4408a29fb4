/** `true` when A and B are the same type (each assignable to the other), else `false`: `const _: Same<A, B> = true`. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** For each intent of A, whether B's intent of the same type has the same field names (a union of the answers). */
type SameFields<A, B> = A extends { type: infer T } ? Same<keyof A, keyof Extract<B, { type: T }>> : never;

/**
 * `true` when two unions of intents are the same: each assignable to the other, and every intent type has the same
 * fields in both (an optional field missing from one side, which assignability alone lets through, is caught too).
 */
export type SameIntents<A extends { type: string }, B extends { type: string }> =
  Same<A, B> extends true ? (false extends SameFields<A, B> | SameFields<B, A> ? false : true) : false;
