/** The replay viewer (`#/replay`): being built — see issue 6 ("watch replay"). */
import { h } from './dom';

let stored: unknown = null;

/** The log to show next time `#/replay` opens (the table's "Watch replay" button sets it). */
export function setReplayLog(log: unknown): void {
  stored = log;
}

export function mountReplay(root: HTMLElement, back: () => void): () => void {
  void stored;
  root.replaceChildren(h('div', { class: 'panel' }, h('button', { type: 'button', onclick: back }, 'Back')));
  return () => undefined;
}
