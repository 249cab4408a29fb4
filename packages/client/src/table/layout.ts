/**
 * One screen for every decision: the table (scene and action bar) takes the height left under the header and the
 * status bar (`above`; in the replay viewer its head, controls and end banner) (the scene grows or shrinks, the action bar keeps its own height); players, chat and log follow beside it
 * or below it. The TV view is laid out for 1920×1080 and zoomed to larger screens.
 */
export function fitLayout(
  els: { page: HTMLElement; above: readonly HTMLElement[]; main: HTMLElement; scene: HTMLElement; actions: HTMLElement },
  tv: boolean,
): () => void {
  const { page, above, main, scene, actions } = els;
  let disposed = false;
  const fit = () => {
    if (disposed) return;
    const zoom = tv ? Math.max(1, Math.min(window.innerWidth / 1920, window.innerHeight / 1080)) : 1;
    if (tv) page.style.setProperty('zoom', String(zoom));
    const top = main.getBoundingClientRect().top + window.scrollY;
    // (the room left under the table: 12 px, 8 on a TV, 4 on a phone held sideways, table-life.css --table-gap)
    const gap = parseFloat(getComputedStyle(page).getPropertyValue('--table-gap')) || (tv ? 8 : 12);
    page.style.setProperty('--main-h', `${Math.max(0, Math.floor((window.innerHeight - top) / zoom - gap))}px`);
  };
  // A new decision (the game re-draws its bar) starts at the top of the bar: a bar that had scrolled inside itself (a
  // tall race panel on a small screen) would otherwise open the next decision with its first moves scrolled away. (The
  // bar is drawn over itself, table/draw-over.ts: a new decision adds or removes buttons somewhere in it; a countdown's
  // tick only changes words, and leaves the bar where the player scrolled it.)
  const barTop = new MutationObserver(() => {
    if (actions.scrollTop !== 0) actions.scrollTop = 0;
  });
  barTop.observe(actions, { childList: true, subtree: true });
  // (what lies above the table: the header and the status bar; a replay's head, controls and end banner)
  const sizes = new ResizeObserver(fit);
  for (const el of above) sizes.observe(el);
  window.addEventListener('resize', fit);
  fit();
  // The action bar keeps its tallest height too (holdTallest): as tall as its moves, it resized the table at every
  // change of decision and at every tap ("Sending…" empties it): 56 ↔ 136–180 px on a 360 px phone at each Saloon
  // turn, 56 ↔ 113 px every few hundred ms of a Rattlesnake game on a desktop, each time a new canvas and the whole
  // scene drawn again (a 300 ms task on a phone's CPU). Held, it never takes more than the table leaves it (the
  // status bar may grow under a long line); a new width, or a scene or bar that changes its kind (a Saloon race
  // panel, the larger gun glyphs), measures again.
  const barHold = holdTallest(actions, {
    key: () => `${actions.clientWidth} ${scene.className} ${actions.className}`,
    room: () => {
      const bar = actions.getBoundingClientRect();
      const left = bar.height - Math.max(0, bar.bottom - main.getBoundingClientRect().bottom);
      // A short screen (a phone held sideways, table-life.css) holds the bar at most at --bar-hold of the table's
      // height: a rare tall decision takes more while it lasts, and the table gets it back after.
      const share = parseFloat(getComputedStyle(main).getPropertyValue('--bar-hold'));
      return share > 0 ? Math.min(left, share * main.clientHeight) : left;
    },
    alsoWatch: [main, scene],
  });
  return () => {
    disposed = true;
    barHold();
    sizes.disconnect();
    barTop.disconnect();
    window.removeEventListener('resize', fit);
  };
}

/**
 * Holds `el` at the tallest height it has had (its min-height) while `key()` stays the same, so that what lies under
 * or beside it stops moving each time its content changes length: it moves only when something taller than before
 * needs room. A new key (a new width, a new layout around it, a menu opened from the bar) lets it take its own height
 * and measures from there; back to an earlier key, it is held at that key's tallest again (a Rattlesnake Distract's
 * menu of three cards, 186 px on a 390 px phone against 142 for every other decision, kept the felt 44 px lower for the
 * rest of the game). `room()`: the most it may be held at now (what its container leaves it), when that can be less
 * than its tallest. `alsoWatch`: elements whose size changes the key or the room while `el` keeps its own. Returns the
 * disposer.
 */
export function holdTallest(el: HTMLElement, opts: { key: () => string; room?: () => number; alsoWatch?: Element[] }): () => void {
  let heldKey: string | null = null;
  let tallest = 0;
  /** Each key's tallest, for a key that comes back. */
  const tallestOf = new Map<string, number>();
  // (its used height, unrounded, in its own CSS pixels whatever a TV's zoom: the border box, as min-height counts it)
  const used = (): number => parseFloat(getComputedStyle(el).height) || 0;
  const check = () => {
    // (not shown, display: none under the waiting room or while the end screen's table is looked at, it has no height
    // to hold: measured there it was held at 0 px, and back in sight at its padding, 12–16 px, under its stylesheet's
    // least, until a taller decision came; the felt drawn 44–94 px taller meanwhile)
    if (!el.isConnected || el.getClientRects().length === 0) return;
    const now = opts.key();
    if (now !== heldKey) {
      // (a window dragged wider and narrower makes a key of every width: the oldest are let go)
      if (tallestOf.size > 40) tallestOf.clear();
      if (heldKey !== null) tallestOf.set(heldKey, tallest);
      heldKey = now;
      el.style.minHeight = '';
      tallest = Math.max(tallestOf.get(now) ?? 0, used());
    } else tallest = Math.max(tallest, used());
    // `room()` measures what the table leaves it at its tallest, not at the height it was last held at: held lower once
    // (the status bar taller for a moment, or another key's height), measured there it stayed that low.
    if (opts.room) el.style.minHeight = `${tallest}px`;
    const held = `${Math.max(0, Math.min(tallest, opts.room?.() ?? Infinity))}px`;
    if (el.style.minHeight !== held) el.style.minHeight = held;
  };
  const hold = new ResizeObserver(check);
  // A new kind (a class of `el` or of what it watches: Saloon's race over, its panel gone) measures again though
  // nothing resized: held, the bar kept the race panel's height around the next turn's one row of moves, and the felt
  // beside it kept its squeezed height, so no resize ever came.
  const kinds = new MutationObserver(check);
  for (const e of [el, ...(opts.alsoWatch ?? [])]) {
    hold.observe(e);
    kinds.observe(e, { attributes: true, attributeFilter: ['class'] });
  }
  return () => {
    hold.disconnect();
    kinds.disconnect();
  };
}
