/**
 * A moment told over the felt for a few seconds: a headline and a line or two over the scene's middle. What it tells
 * happened between two views and the state has moved on (a Saloon race's end, saloon-result.ts), or it changes the
 * rules for the rest of the game and would enter silently (a Rattlesnake event, rattlesnake-moment.ts). The next tap or
 * key puts it away and it never takes one (`pointer-events: none`); `aria-hidden`: the log says the same.
 */
import { h } from '../dom';

export class FeltMoment {
  /** Made at its first moment (a page that never sees one makes none). */
  private el: HTMLElement | null = null;
  private timer = 0;
  private readonly dismiss = (): void => this.hide();

  /** `host`: the felt's element (the moment is laid over it; appended when shown: the scene replaces its children once). */
  constructor(
    private readonly host: HTMLElement,
    private readonly testId: string,
  ) {}

  /** Shows `headline` and `lines` for `ms`, in place of any moment still shown. */
  show(headline: string, lines: readonly string[], ms: number): void {
    const el = (this.el ??= h('div', { class: 'felt-moment', 'data-testid': this.testId, 'aria-hidden': 'true' }));
    el.replaceChildren(h('strong', {}, headline), ...lines.map((l) => h('span', {}, l)));
    if (!el.isConnected) this.host.append(el);
    el.hidden = false;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(this.dismiss, ms);
    // (the tap or key that acts next puts it away: it never stands between a player and the felt)
    document.addEventListener('pointerdown', this.dismiss, { capture: true, once: true });
    document.addEventListener('keydown', this.dismiss, { capture: true, once: true });
  }

  hide(): void {
    window.clearTimeout(this.timer);
    if (this.el) this.el.hidden = true;
    document.removeEventListener('pointerdown', this.dismiss, { capture: true });
    document.removeEventListener('keydown', this.dismiss, { capture: true });
  }

  /** The table page goes. */
  dispose(): void {
    this.hide();
    this.el?.remove();
  }
}
