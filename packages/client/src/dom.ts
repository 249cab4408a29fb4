/** A tiny element builder: `h('button', { class: 'x', onclick }, 'Text')`. */
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;
export type Child = Node | string | null | undefined | false;

/** The listeners `h` gave each element (`onclick`…), so that `takeListeners` can hand them to an element kept in its place. */
const given = new WeakMap<Element, [string, EventListener][]>();

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
      given.set(el, [...(given.get(el) ?? []), [key.slice(2), value]]);
    } else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

/**
 * `kept` stays on the page in the place of `fresh` (a redraw that keeps its elements, table/draw-over.ts): it drops the
 * listeners `h` gave it and takes `fresh`'s, which know the new state.
 */
export function takeListeners(kept: Element, fresh: Element): void {
  for (const [type, fn] of given.get(kept) ?? []) kept.removeEventListener(type, fn);
  const next = given.get(fresh) ?? [];
  for (const [type, fn] of next) kept.addEventListener(type, fn);
  given.set(kept, next);
}

export function append(el: Element, children: Child[]): void {
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
}

/** Whether the screen matches a CSS media query now (false where there is no window: a unit test). */
export const mediaMatches = (query: string): boolean => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true;

/** Calls `fn` whenever the screen starts or stops matching `query` (a phone turned); returns what stops it. */
export function onMediaChange(query: string, fn: () => void): () => void {
  const list = typeof window !== 'undefined' ? window.matchMedia?.(query) : undefined;
  if (!list) return () => undefined;
  list.addEventListener('change', fn);
  return () => list.removeEventListener('change', fn);
}

/** A phone held sideways (table-life.css's rules for it: the header and the status bar on one short row each). */
export const SIDEWAYS = '(orientation: landscape) and (max-height: 500px)';

/** A touch screen (a phone, a tablet): its player taps rather than clicks, and has a share sheet. */
export const touchScreen = (): boolean => mediaMatches('(pointer: coarse)');

/** "Ann", "Ann and Bob", "Ann, Bob, and Cid" — in the player's language. */
export { listNames } from './i18n';

/** "Red": a word with its first letter capitalised (a colour at the start of a label, "your …" at a sentence's start). */
export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
