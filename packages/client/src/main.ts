import './style.css';
import './table-life.css';
import { normalizeCode } from '@tumbleweed/engine/core/code';
import { h } from './dom';
import { languagePicker, onLanguageChanged, ready, t } from './i18n';
import { mountLobby } from './lobby';
import type { Session } from './net';
import { humanError, isGone } from './net-errors';
import { current, forgetSession, leaveTable, loadNet, storedSession } from './session-store';
import { mountRules } from './rules';
// (last: its touch sizes override the smaller ones of the files before, rules.css too)
import './touch.css';

// The table (with its Pixi scenes) and the replay viewer load when first needed: the lobby stays light.
const loadTable = () => import('./table');
const loadReplay = () => import('./replay');
/**
 * What a table's scene needs before it draws: the games' scenes (with Pixi), and the browser extensions and filters
 * Pixi would otherwise fetch one after the other while it starts. Fetched with the table when a player is about to sit
 * down (lobby.ts `onIntent`).
 */
const loadScenes = () =>
  Promise.all([import('./scenes/duel'), import('./scenes/rattlesnake'), import('./scenes/saloon'), import('pixi.js/browser'), import('pixi.js/filters')]);

const root = document.getElementById('app') as HTMLElement;
let teardown: (() => void) | null = null;
/** Bumped on every route change, so a slow reconnection does not mount over a newer page. */
let routeSeq = 0;

/** A full-page message with a way on (never a blank screen). */
function notice(title: string, text: string, ...buttons: HTMLElement[]): void {
  root.replaceChildren(
    h('header', { class: 'brand' }, h('h1', {}, t('brand.title')), languagePicker()),
    h('div', { class: 'panel notice', role: 'alert' }, h('h2', {}, title), h('p', {}, text), h('div', { class: 'join-row' }, ...buttons)),
  );
}

/** How long a page may take to load before a "Loading…" notice shows (a fast load shows none). */
const LOADING_NOTICE_MS = 250;

/**
 * Loads a page's module, then mounts it unless the route changed meanwhile. A slow load shows "Loading…"; a failed one
 * (a lost connection, a new deploy) says so, with a way to try again.
 */
function whenLoaded<M>(seq: number, load: () => Promise<M>, then: (mod: M) => void): void {
  const timer = window.setTimeout(() => {
    if (seq === routeSeq) notice(t('howto:loading.title'), t('howto:loading.text'));
  }, LOADING_NOTICE_MS);
  load().then(
    (mod) => {
      window.clearTimeout(timer);
      if (seq === routeSeq) then(mod);
    },
    () => {
      window.clearTimeout(timer);
      if (seq !== routeSeq) return;
      const retry = h('button', { type: 'button', onclick: () => location.reload() }, t('howto:loading.retry'));
      notice(t('howto:loading.failedTitle'), t('howto:loading.failed'), retry);
    },
  );
}

/**
 * Hash routes: `#/` lobby, `#/join/CODE` lobby with the join box filled in, `#/table/CODE` the table,
 * `#/rules/GAME` a game's rules, `#/replay` the replay viewer, `#/tv/CODE` the TV view of a table (watching).
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
      whenLoaded(seq, loadTable, (m) => (teardown = m.mountTable(root, session, () => go('#/'))));
      return;
    }
    // A refresh mid-game: this tab sat at that table, so take the seat back silently.
    const stored = storedSession();
    if (code && stored && stored.code === code) {
      notice(t('notice.backTitle'), t('notice.reconnecting', { code }));
      void loadTable().catch(() => undefined); // fetched while reconnecting
      loadNet()
        .then((net) => net.resumeTable(stored))
        .then(
          (s) => {
            if (seq !== routeSeq) return void (current() === s && leaveTable());
            whenLoaded(seq, loadTable, (m) => (teardown = m.mountTable(root, s, () => go('#/'), { resumed: true })));
          },
          (err: unknown) => {
            forgetSession();
            if (seq !== routeSeq) return;
            const lobby = h('button', { type: 'button', onclick: () => go('#/') }, t('backToLobby'));
            const again = h('button', { type: 'button', class: 'secondary', onclick: () => go(`#/join/${code}`) }, t('notice.joinAgain'));
            if (isGone(err)) notice(t('notice.closedTitle'), humanError(err, code), lobby);
            else notice(t('notice.lostTitle'), t('notice.lost', { code, reason: humanError(err, code) }), lobby, again);
          },
        );
      return;
    }
    // A shared table link without a live connection: offer to join that table.
    location.replace(`#/join/${code ?? arg}`);
    return;
  }
  // TV view: a spectator connection of its own (usually a second tab or a shared screen), the public table large.
  if (page === 'tv') {
    const code = normalizeCode(arg);
    const lobby = h('button', { type: 'button', onclick: () => go('#/') }, t('backToLobby'));
    if (!code) return void notice(t('notice.tvTitle'), t('lobby.badCode'), lobby);
    if (session?.code === code && session.spectate) {
      whenLoaded(seq, loadTable, (m) => (teardown = m.mountTable(root, session, () => go('#/'), { tv: true })));
      return;
    }
    if (session) void leaveTable();
    notice(t('notice.tvTitle'), t('notice.tvJoining', { code }));
    void loadTable().catch(() => undefined); // fetched while joining
    loadNet()
      .then((net) => net.joinTable(code, undefined, true))
      .then(
        (s) => {
          if (seq !== routeSeq) return void (current() === s && leaveTable());
          whenLoaded(seq, loadTable, (m) => (teardown = m.mountTable(root, s, () => go('#/'), { tv: true })));
        },
        (err: unknown) => {
          if (seq === routeSeq) notice(t('notice.tvTitle'), t('notice.tvFailed', { code, reason: humanError(err, code) }), lobby);
        },
      );
    return;
  }
  // Rules (rules.ts): reading them does not leave a table this tab sits at.
  if (page === 'rules') {
    teardown = mountRules(root, arg, () => go(session ? `#/table/${session.code}` : '#/'));
    return;
  }
  // The replay viewer works from a downloaded game log, offline: it does not leave a table this tab sits at.
  if (page === 'replay') {
    // (`#/replay/<game id>`: a game the server keeps, opened by its link)
    whenLoaded(seq, loadReplay, (m) => (teardown = m.mountReplay(root, () => go(session ? `#/table/${session.code}` : '#/'), arg)));
    return;
  }
  if (session) void leaveTable();
  teardown = mountLobby(root, {
    joinCode: page === 'join' ? arg : '',
    onSeated: (s: Session) => go(`#/table/${s.code}`),
    onIntent: () => {
      void loadTable().catch(() => undefined);
      void loadScenes().catch(() => undefined);
    },
  });
}

function go(hash: string): void {
  if (location.hash === hash) route();
  else location.hash = hash;
}

// The first page is drawn once its language's words are there (at once in English; Portuguese is fetched, i18n/), or
// in English if they could not be had: never a blank page.
const start = (): void => {
  window.addEventListener('hashchange', route);
  // A language switch redraws the current page in the new words (a table keeps its connection and its log).
  onLanguageChanged(route);
  route();
  // The connection's code, while the player reads the lobby: once the page is on the screen, so that it does not hold
  // up the first paint (the second frame's callback runs once the first frame is shown). A failed fetch is tried
  // again at the first click.
  const prefetch = () => void loadNet().catch(() => undefined);
  requestAnimationFrame(() => requestAnimationFrame(() => window.setTimeout(prefetch, 0)));
};
void ready.then(start, start);
