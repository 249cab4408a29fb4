/**
 * The context of a sentence told to the seat `me` (the `_me` and `_atMe` forms of a key): 'me' when it says what I do
 * (`subject`), 'atMe' when it says what is done to me (`object`); none for others' sentences, or a watcher's.
 */
export function youContext(me: number | null, subject: number, object?: number): 'me' | 'atMe' | undefined {
  if (subject === me) return 'me';
  return object !== undefined && object === me ? 'atMe' : undefined;
}
