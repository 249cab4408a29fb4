import { ACTION_KEY } from './games/types';

/**
 * The table's keyboard (games/types.ts, ACTION_KEY): a button of the action bar with `data-key="1"` … `"9"` is
 * clicked by that digit, `data-key="Enter"` by Enter, `data-key="g"` by that letter. Each game keys its own moves
 * (the digits pick the n-th choice); a button without `data-key` takes no key.
 * Keys are left alone while typing in a field, with Ctrl/Alt/Meta held, or while a dialog is open.
 */

const isField = (el: Element | null): boolean =>
  !!el && (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || (el as HTMLElement).isContentEditable);

const usable = (b: HTMLButtonElement): boolean => !b.disabled && !b.hidden && b.getClientRects().length > 0 && !b.closest('[inert]');

/** The key a button answers to, as written in `data-key`, compared without case for letters. */
const keyOf = (b: Element): string => {
  const k = b.getAttribute(ACTION_KEY) ?? '';
  return k.length === 1 ? k.toLowerCase() : k;
};

/**
 * Routes keys to `bar` and keeps keyboard focus in it across re-renders (a move re-draws the bar: the focused
 * button is gone, and focus would drop to the top of the page). `active()` says whether the bar takes keys now.
 */
export function actionKeys(bar: HTMLElement, active: () => boolean): () => void {
  /** Focus was in the bar (by keyboard or a click on one of its buttons) and has not gone elsewhere since. */
  let inBar = false;
  let last: { key: string; label: string } | null = null;
  const labelOf = (b: Element) => (b.getAttribute('aria-label') || b.textContent || '').trim();

  const onFocusIn = (e: FocusEvent) => {
    const target = e.target as Element;
    if (bar.contains(target)) {
      inBar = true;
      if (target instanceof HTMLButtonElement) last = { key: keyOf(target), label: labelOf(target) };
    } else inBar = false;
  };
  const onPointerDown = (e: PointerEvent) => {
    if (!bar.contains(e.target as Node)) inBar = false;
  };

  const restore = () => {
    const focused = document.activeElement;
    if (!inBar || (focused && focused !== document.body && bar.contains(focused))) return;
    if (focused && focused !== document.body) return ((inBar = false), undefined);
    const buttons = [...bar.querySelectorAll<HTMLButtonElement>('button')].filter(usable);
    const pick = (last && buttons.find((b) => labelOf(b) === last?.label)) || (last && last.key && buttons.find((b) => keyOf(b) === last?.key)) || buttons[0];
    if (pick) pick.focus({ preventScroll: true });
  };

  const observer = new MutationObserver(restore);
  observer.observe(bar, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });

  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || e.repeat || !active()) return;
    if (isField(document.activeElement) || document.querySelector('dialog[open]')) return;
    let key: string;
    if (e.key === 'Enter') {
      // Enter on a focused button or link is that button's own click.
      const f = document.activeElement;
      if (f instanceof HTMLButtonElement || f instanceof HTMLAnchorElement) return;
      key = 'Enter';
    } else if (/^[1-9]$/.test(e.key)) key = e.key;
    else if (/^\p{L}$/u.test(e.key)) key = e.key.toLowerCase();
    else return;
    const target = [...bar.querySelectorAll<HTMLButtonElement>(`button[${ACTION_KEY}]`)].find((b) => keyOf(b) === key && usable(b));
    if (!target) return;
    e.preventDefault();
    inBar = true;
    last = { key: keyOf(target), label: labelOf(target) };
    target.focus({ preventScroll: true });
    target.click();
  };

  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('pointerdown', onPointerDown, true);
  document.addEventListener('keydown', onKey);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('pointerdown', onPointerDown, true);
    document.removeEventListener('keydown', onKey);
  };
}
