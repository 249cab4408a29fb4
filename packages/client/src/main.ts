import './style.css';
import { normalizeCode } from '@tumbleweed/engine';
import { mountLobby } from './lobby';
import { current, leaveTable, type Session } from './net';
import { mountRules } from './rules';
import { mountTable } from './table';

const root = document.getElementById('app') as HTMLElement;
let teardown: (() => void) | null = null;

/**
 * Hash routes: `#/` lobby, `#/join/CODE` lobby with the join box filled in, `#/table/CODE` the table,
 * `#/rules/GAME` a game's rules.
 */
function route(): void {
  const [page = '', raw = ''] = location.hash.replace(/^#\/?/, '').split('/');
  const arg = decodeURIComponent(raw);
  teardown?.();
  teardown = null;
  const session = current();

  if (page === 'table') {
    const code = normalizeCode(arg);
    if (session && code === session.code) {
      teardown = mountTable(root, session, () => go('#/'));
      return;
    }
    // A refreshed or shared table link without a live connection: offer to join that table.
    location.replace(`#/join/${code ?? arg}`);
    return;
  }
  // Rules (rules.ts): reading them does not leave a table this tab sits at.
  if (page === 'rules') {
    teardown = mountRules(root, arg, () => go(session ? `#/table/${session.code}` : '#/'));
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
