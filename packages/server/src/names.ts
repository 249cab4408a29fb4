/**
 * Player names as other players will read them. A name is shown to everyone at the table (and on a TV), so the
 * server cleans it before anyone sees it:
 * - Unicode-normalised (NFC), so "é" typed two ways is one name;
 * - control characters (NUL, ESC, …), format characters (bidi overrides and isolates, zero-width spaces and
 *   joiners, the BOM, soft hyphens) and other invisible code points are removed: they could reorder or hide what
 *   the table shows (a name that reads "Ann" but sorts or renders as something else);
 * - runs of whitespace become one space, and the ends are trimmed;
 * - what is left must have at least one visible character and at most MAX_NAME_GRAPHEMES user-perceived characters
 *   (graphemes: "👩‍👩‍👧" counts as one). A longer name is refused, not cut, so nobody is shown a name they did not type.
 *
 * Emoji sequences keep their zero-width joiners (U+200D) and variation selectors: removed, "👩‍👩‍👧" would fall apart
 * into three faces. A joiner is kept only between two non-space characters of a grapheme, never alone.
 */
export const MAX_NAME_GRAPHEMES = 20;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Control (Cc), format (Cf), unassigned/private-use/surrogate code points and line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\u2028\u2029]/gu;
/** Characters that draw nothing although they are not Cf: Hangul fillers, braille blank, combining grapheme joiner. */
const BLANK = /[\u115F\u1160\u3164\uFFA0\u2800]|\u034F/gu; // (the joiner apart: it combines with what precedes it in a class)
/** What counts as visible: a letter, mark, number, punctuation or symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export type NameResult = { ok: true; name: string } | { ok: false; reason: 'blank' | 'too_long' };

/** Keeps U+200D only inside an emoji grapheme (between two non-space characters), removes every other invisible. */
function stripInvisible(grapheme: string): string {
  if (!grapheme.includes('\u200D') || !/\p{Extended_Pictographic}/u.test(grapheme)) {
    return grapheme.replace(INVISIBLE, '').replace(BLANK, '');
  }
  // An emoji ZWJ sequence: keep its joiners and variation selectors (Mn, not Cf), drop any other invisible.
  return grapheme.replace(/[\p{Cc}\p{Co}\p{Cs}\p{Cn}\u2028\u2029]/gu, '').replace(/(?!\u200D)\p{Cf}/gu, '');
}

export function cleanName(input: string): NameResult {
  const normalised = input.normalize('NFC');
  let out = '';
  for (const { segment } of segmenter.segment(normalised)) out += /^\s+$/u.test(segment) ? ' ' : stripInvisible(segment);
  const name = out.replace(/\s+/gu, ' ').trim().normalize('NFC');
  if (!VISIBLE.test(name)) return { ok: false, reason: 'blank' };
  let graphemes = 0;
  for (const _ of segmenter.segment(name)) graphemes++;
  if (graphemes > MAX_NAME_GRAPHEMES) return { ok: false, reason: 'too_long' };
  return { ok: true, name };
}
