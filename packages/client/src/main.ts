import './style.css';
import { normalizeCode } from '@tumbleweed/engine';
import { mountLobby } from './lobby';
import { current, leaveTable, type Session } from './net';
import { mountTable } from './table';

const root = document.getElementById('app') as HTMLElement;
let teardown: (() => void) | null = null;

/** Hash routes: `#/` lobby, `#/join/CODE` lobby with the join box filled in, `#/table/CODE` the table. */
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
