/**
 * Quick chat: the server accepts only these phrase ids (no free text, nothing to moderate) and at most one line per
 * client every 2 s. Every English string lives in this one table so a translation can replace it later.
 */
export const CHAT_PHRASES = ['howdy', 'draw', 'nice_shot', 'bluffing', 'good_game', 'oops', 'tip_hat', 'laugh', 'angry', 'skull'] as const;
export type ChatPhrase = (typeof CHAT_PHRASES)[number];

/** `text`: what the log and the bubble say; `button`: the button's face; `label`: its accessible name. */
export const CHAT_TEXT: Record<ChatPhrase, { text: string; button: string; label: string }> = {
  howdy: { text: 'Howdy!', button: 'Howdy!', label: 'Say: Howdy!' },
  draw: { text: 'Draw!', button: 'Draw!', label: 'Say: Draw!' },
  nice_shot: { text: 'Nice shot!', button: 'Nice shot!', label: 'Say: Nice shot!' },
  bluffing: { text: 'Bluffing?', button: 'Bluffing?', label: 'Say: Bluffing?' },
  good_game: { text: 'Good game!', button: 'Good game!', label: 'Say: Good game!' },
  oops: { text: 'Oops!', button: 'Oops!', label: 'Say: Oops!' },
  tip_hat: { text: '🤠 tips their hat', button: '🤠', label: 'Tip your hat' },
  laugh: { text: '😂', button: '😂', label: 'Laugh' },
  angry: { text: '😠', button: '😠', label: 'Look angry' },
  skull: { text: '💀', button: '💀', label: 'Skull' },
};

export const CHAT_INTERVAL_MS = 2000;

export function isPhrase(x: unknown): x is ChatPhrase {
  return typeof x === 'string' && (CHAT_PHRASES as readonly string[]).includes(x);
}

/** "Ann: Nice shot!" */
export function chatLine(name: string, phrase: ChatPhrase): string {
  return `${name}: ${CHAT_TEXT[phrase].text}`;
}
