/**
 * Table codes: 5 characters from an alphabet without look-alikes (no 0/O, 1/I; L is kept, it has no twin
 * among capitals). People type them in any case, with spaces or dashes.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 5;

/** Upper-cases and strips separators; returns null for anything that cannot be a code. */
export function normalizeCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s\-_.]/g, '');
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** A code from `randomInt(n)` → [0, n); the server passes crypto's. */
export function makeCode(randomInt: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
