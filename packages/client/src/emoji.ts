/**
 * The few emoji the page shows (quick chat, the spectator count) drawn as pictures, the same on every device: a
 * machine with no colour emoji font (many Linux desktops and TV boxes, the test browser) drew an empty box for 🤠 and
 * 💀 on the chat buttons. Twemoji's graphics (jdecked/twemoji, CC-BY 4.0, through the `@twemoji/svg` package); each is
 * under 2 KB and Vite puts it inline in the bundle. The picture's `alt` is the emoji itself: copied text and screen
 * readers still read it.
 */
import cowboy from '@twemoji/svg/1f920.svg?url';
import eye from '@twemoji/svg/1f441.svg?url';
import joy from '@twemoji/svg/1f602.svg?url';
import angry from '@twemoji/svg/1f620.svg?url';
import skull from '@twemoji/svg/1f480.svg?url';
import { h } from './dom';

const PICTURES: Record<string, string> = { '🤠': cowboy, '👁': eye, '😂': joy, '😠': angry, '💀': skull };
// (an emoji may come with the presentation selector U+FE0F after it)
const SPLIT = new RegExp(`(${Object.keys(PICTURES).join('|')})\uFE0F?`, 'u');

/** `text` with each of those emoji as its picture: the children of an element (strings stay text). */
export function withEmoji(text: string): (string | HTMLElement)[] {
  return text
    .split(SPLIT)
    .map((part, i) => (i % 2 === 1 ? h('img', { class: 'emoji', src: PICTURES[part]!, alt: part, draggable: 'false' }) : part))
    .filter((part) => part !== '');
}
