/**
 * One screen for every decision: the table (scene and action bar) takes the height left under the header and the
 * status bar (the scene grows or shrinks, the action bar keeps its own height); players, chat and log follow beside it
 * or below it. The TV view is laid out for 1920×1080 and zoomed to larger screens.
 */
export function fitLayout(
  els: { page: HTMLElement; head: HTMLElement; status: HTMLElement; main: HTMLElement; actions: HTMLElement },
  tv: boolean,
): () => void {
  const { page, head, status, main, actions } = els;
  let disposed = false;
  const fit = () => {
    if (disposed) return;
    const zoom = tv ? Math.max(1, Math.min(window.innerWidth / 1920, window.innerHeight / 1080)) : 1;
    if (tv) page.style.setProperty('zoom', String(zoom));
    const top = main.getBoundingClientRect().top + window.scrollY;
    const gap = tv ? 8 : 12;
    page.style.setProperty('--main-h', `${Math.max(0, Math.floor((window.innerHeight - top) / zoom - gap))}px`);
  };
  // A new decision (the game re-draws its bar) starts at the top of the bar: a bar that had scrolled inside itself (a
  // tall race panel on a small screen) would otherwise open the next decision with its first moves scrolled away.
  const barTop = new MutationObserver(() => {
    if (actions.scrollTop !== 0) actions.scrollTop = 0;
  });
  barTop.observe(actions, { childList: true });
  const sizes = new ResizeObserver(fit);
  sizes.observe(head);
  sizes.observe(status);
  window.addEventListener('resize', fit);
  fit();
  return () => {
    disposed = true;
    sizes.disconnect();
    barTop.disconnect();
    window.removeEventListener('resize', fit);
  };
}
