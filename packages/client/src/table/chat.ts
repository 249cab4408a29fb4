/** Quick chat: the phrase buttons beside the table, and the bubbles that float over it. */
import { CHAT_INTERVAL_MS, CHAT_PHRASES, chatText } from '../chat';
import { h } from '../dom';
import { withEmoji } from '../emoji';
import { sendTo } from '../net';
import { t } from '../i18n';
import type { TableView } from './view';

/** How long a chat bubble stays over the table. */
const BUBBLE_MS = 3500;

export function quickChat(view: TableView): { el: HTMLElement; bubbles: HTMLElement; bubble(text: string): void; dispose(): void } {
  // One line per 2 s (the server refuses faster ones with RATE_LIMITED).
  const buttons = CHAT_PHRASES.map((phrase) =>
    h(
      'button',
      { type: 'button', class: 'secondary chat', 'data-phrase': phrase, 'aria-label': chatText(phrase).label, title: chatText(phrase).text },
      ...withEmoji(chatText(phrase).button),
    ),
  );
  let timer = 0;
  CHAT_PHRASES.forEach((phrase, i) => {
    buttons[i].addEventListener('click', () => {
      sendTo(view.room(), 'table', { action: 'chat', phrase });
      for (const b of buttons) b.disabled = true;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => buttons.forEach((b) => (b.disabled = false)), CHAT_INTERVAL_MS);
    });
  });
  const row = h('div', { class: 'chat-row', role: 'group', 'aria-label': t('table.quickChat') }, ...buttons);
  const el = h('section', { 'aria-label': t('table.quickChat') }, row);
  const bubbles = h('div', { class: 'bubbles', 'aria-hidden': 'true' });

  function bubble(text: string): void {
    const b = h('div', { class: 'bubble' }, ...withEmoji(text));
    bubbles.append(b);
    while (bubbles.children.length > 3) bubbles.firstElementChild?.remove();
    window.setTimeout(() => b.remove(), BUBBLE_MS);
  }

  return { el, bubbles, bubble, dispose: () => window.clearTimeout(timer) };
}
