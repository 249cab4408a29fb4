import morphdom from 'morphdom';
import { append, takeListeners, type Child } from '../dom';

/**
 * Draws an element's new content over the old (the action bar, the players panel), keeping in place every element
 * that is still there (morphdom): a button with the same name is the same button, with the new state's listener.
 * Replaced at each redraw, a button held down (mouse down … up, Space down … up) while the bar was drawn again lost
 * its click: Saloon draws its bar again every second of a threat's window (its countdown), and a press that spanned
 * the tick did nothing. Kept, it also keeps its focus and its pressed look.
 */
export function drawOver(el: HTMLElement, ...children: Child[]): void {
  const next = el.cloneNode(false) as HTMLElement;
  append(next, children);
  const keys = new Map<Node, string>([...buttonKeys(el), ...buttonKeys(next)]);
  morphdom(el, next, {
    childrenOnly: true,
    getNodeKey: (node) => keys.get(node),
    onBeforeElUpdated: (kept, fresh) => {
      takeListeners(kept, fresh);
      return true;
    },
  });
}

/** Each button's key: its name (its label, else its words), and how many buttons of that name come before it. */
function buttonKeys(root: HTMLElement): [Node, string][] {
  const seen = new Map<string, number>();
  return [...root.querySelectorAll('button')].map((b) => {
    const name = (b.getAttribute('aria-label') || b.textContent || '').trim();
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    return [b, `${name}#${n}`];
  });
}
