/**
 * Quick chat: the server accepts only these phrase ids (no free text, nothing to moderate) and at most one line per
 * client every 2 s. The words are in the dictionaries (`common:chat.<phrase>`), so each player reads their language.
 */
import { CHAT_PHRASES, type ChatPhrase } from '@tumbleweed/engine';
import { t } from './i18n';

export { CHAT_PHRASES, type ChatPhrase };

/** `text`: what the log and the bubble say; `button`: the button's face; `label`: its accessible name. */
export function chatText(phrase: ChatPhrase): { text: string; button: string; label: string } {
  return { text: t(`chat.${phrase}.text`), button: t(`chat.${phrase}.button`), label: t(`chat.${phrase}.label`) };
}

export const CHAT_INTERVAL_MS = 2000;

export function isPhrase(x: unknown): x is ChatPhrase {
  return typeof x === 'string' && (CHAT_PHRASES as readonly string[]).includes(x);
}

/** "Ann: Nice shot!" */
export function chatLine(name: string, phrase: ChatPhrase): string {
  return t('chat.line', { name, text: chatText(phrase).text });
}
