/**
 * The rule documents (docs/rules/*.md) as players read them. The documents are also the developers' record of the
 * project's choices, so they carry marks a player never sees; this turns one document into the markdown the app
 * renders (rules.ts parses it with `marked`):
 *
 * - everything from the "Notes for developers" / "Notas para desenvolvedores" heading on is dropped (file paths,
 *   events, engine details live there);
 * - HTML comments are dropped;
 * - each "**Decision:**" / "**Decisão:**" marker is removed, so a decision reads as a plain rule (the next word gets a
 *   capital letter where a sentence starts).
 *
 * No DOM, no bundler: rules-docs.test.ts renders every document through it.
 */

/** The heading (any level) that starts the developers' part of a rule document. */
export const DEVELOPER_NOTES = /^#{1,6}\s+(Notes for developers|Notas para desenvolvedores)\s*$/m;
/** A marker, then (optionally) emphasis or an opening quote and the next word's first letter. */
const DECISION = /\*\*(?:Decision|Decisão):\*\*[ \t]*([*_"“'(]*)(\p{Ll})?/gu;

/** Whether the text before a removed marker ends a sentence (or is a list item or heading start). */
function sentenceStart(before: string): boolean {
  const trimmed = before.replace(/\s+$/, '');
  if (trimmed === '' || /\n[ \t]*\n[ \t]*$/.test(before)) return true; // a new paragraph
  if (/[.!?:]\**$/.test(trimmed)) return true;
  // "- " / "2. " / "# " alone on the line so far.
  return /(^|\n)[ \t]*([-*+]|\d+\.|#{1,6})$/.test(trimmed);
}

/** One rule document as the players' markdown (see the module comment). */
export function playerMarkdown(md: string): string {
  const notes = md.search(DEVELOPER_NOTES);
  let text = notes >= 0 ? md.slice(0, notes) : md;
  text = text.replace(/<!--[\s\S]*?-->/g, '');
  text = text.replace(DECISION, (_m, lead: string, letter: string | undefined, at: number, whole: string) => {
    const first = letter === undefined ? '' : sentenceStart(whole.slice(0, at)) ? letter.toUpperCase() : letter;
    return lead + first;
  });
  return text.replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}
