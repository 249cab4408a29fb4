import './style.css';
import { normalizeCode } from '@tumbleweed/engine';
import { h } from './dom';
import { mountLobby } from './lobby';
import { current, forgetSession, humanError, isGone, leaveTable, resumeTable, storedSession, type Session } from './net';
import { mountReplay } from './replay';
import { mountRules } from './rules';
import { mountTable } from './table';

const root = document.getElementById('app') as HTMLElement;
let teardown: (() => void) | null = null;
/** Bumped on every route change, so a slow reconnection does not mount over a newer page. */
let routeSeq = 0;

/** A full-page message with a way on (never a blank screen). */
function notice(title: string, text: string, ...buttons: HTMLElement[]): void {
  root.replaceChildren(
    h('header', { class: 'brand' }, h('h1', {}, 'Tumbleweed')),
    h('div', { class: 'panel notice', role: 'alert' }, h('h2', {}, title), h('p', {}, text), h('div', { class: 'join-row' }, ...buttons)),
  );
}

/**
 * Hash routes: `#/` lobby, `#/join/CODE` lobby with the join box filled in, `#/table/CODE` the table,
 * `#/rules/GAME` a game's rules, `#/replay` the replay viewer.
 */
function route(): void {
  const [page = '', raw = ''] = location.hash.replace(/^#\/?/, '').split('/');
  const arg = decodeURIComponent(raw);
  teardown?.();
  teardown = null;
  const seq = ++routeSeq;
  const session = current();

  if (page === 'table') {
    const code = normalizeCode(arg);
    if (session && code === session.code) {
      teardown = mountTable(root, session, () => go('#/'));
      return;
    }
    // A refresh mid-game: this tab sat at that table, so take the seat back silently.
    const stored = storedSession();
    if (code && stored && stored.code === code) {
      notice('Back to the table…', `Reconnecting to table ${code}…`);
      resumeTable(stored).then(
        (s) => {
          if (seq !== routeSeq) return void (current() === s && leaveTable());
          teardown = mountTable(root, s, () => go('#/'), { resumed: true });
        },
        (err: unknown) => {
          forgetSession();
          if (seq !== routeSeq) return;
          const lobby = h('button', { type: 'button', onclick: () => go('#/') }, 'Back to lobby');
          const again = h('button', { type: 'button', class: 'secondary', onclick: () => go(`#/join/${code}`) }, 'Join again');
          if (isGone(err)) notice('That table has closed', humanError(err, code), lobby);
          else notice('Could not get back to the table', `Your seat at ${code} could not be taken back. ${humanError(err, code)}`, lobby, again);
        },
      );
      return;
    }
    // A shared table link without a live connection: offer to join that table.
    location.replace(`#/join/${code ?? arg}`);
    return;
  }
  // Rules (rules.ts): reading them does not leave a table this tab sits at.
  if (page === 'rules') {
    teardown = mountRules(root, arg, () => go(session ? `#/table/${session.code}` : '#/'));
    return;
  }
  // The replay viewer works from a downloaded game log, offline: it does not leave a table this tab sits at.
  if (page === 'replay') {
    teardown = mountReplay(root, () => go(session ? `#/table/${session.code}` : '#/'));
    return;
  }
  if (session) void leaveTable();
  teardown = mountLobby(root, {
    joinCode: page === 'join' ? arg : '',
    onSeated: (s: Session) => go(`#/table/${s.code}`),
  });
}

function go(hash: string): void {
  if (location.hash === hash) route();
  else location.hash = hash;
}

window.addEventListener('hashchange', route);
route();
