import { h } from '../dom';

/** A short message over the table (a refused move, a link to copy by hand); it goes after `ms`. */
export function tableToast(): { el: HTMLElement; show(message: string, ms?: number): void; dispose(): void } {
  const el = h('div', { class: 'toast', role: 'alert', hidden: true });
  let timer = 0;
  return {
    el,
    show(message, ms = 3500) {
      el.textContent = message;
      el.hidden = false;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => (el.hidden = true), ms);
    },
    dispose: () => window.clearTimeout(timer),
  };
}
