/**
 * The moment a Saloon race ends: who won and the shots, over the felt for a few seconds. The state has moved on by then
 * (the loser's Wound, the hands discarded, the next turn), so without it the race's panel was gone 200 ms after the
 * winning shot, the outcome left to the felt's small "Last duel: …" line and the log.
 */
import type { Saloon } from '@tumbleweed/engine';
import { h } from '../dom';

/** How long the moment stays, unless the player taps or presses a key first. */
export const RACE_RESULT_MS = 4000;

export class RaceResult {
  /** Made at its first moment (a page that never sees a race's end makes none). */
  private el: HTMLElement | null = null;
  /** The last race record this page has seen; undefined before its first view (a page opened or reloaded later shows nothing). */
  private seen: string | null | undefined = undefined;
  private timer = 0;
  private readonly dismiss = (): void => this.hide();

  /** `host`: the felt's element (the moment is laid over it; appended when shown: the scene replaces its children once). */
  constructor(private readonly host: HTMLElement) {}

  /**
   * Called with each view's last race. A record other than the one seen before is a race that just ended here: its
   * `words` (the headline, then the shots) show for RACE_RESULT_MS.
   */
  update(record: Saloon.DuelRecord | null, words: (d: Saloon.DuelRecord) => string[]): void {
    const key = record ? JSON.stringify(record) : null;
    const before = this.seen;
    this.seen = key;
    if (before === undefined || key === before || !record) return;
    const [headline, ...lines] = words(record);
    const el = (this.el ??= h('div', { class: 'race-result', 'data-testid': 'race-result', 'aria-hidden': 'true' }));
    el.replaceChildren(h('strong', {}, headline), ...lines.map((l) => h('span', {}, l)));
    if (!el.isConnected) this.host.append(el);
    el.hidden = false;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(this.dismiss, RACE_RESULT_MS);
    // (the tap or key that acts next puts it away: it never stands between a player and the felt)
    document.addEventListener('pointerdown', this.dismiss, { capture: true, once: true });
    document.addEventListener('keydown', this.dismiss, { capture: true, once: true });
  }

  /** A new race begins: the last one's moment goes. */
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
