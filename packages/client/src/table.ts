import { h, listNames } from './dom';
import { gameById, type GameUi, type ServerEvent, type TableContext } from './games';
import { leaveTable, type Session } from './net';
import { hasRules, openRulesDialog } from './rules';
import { list, seatName, type TableStateLike } from './state';

const MAX_LOG = 80;

/** The table page: code, seats, status, log, winner banner around one game's scene and action bar. */
export function mountTable(root: HTMLElement, session: Session, toLobby: () => void): () => void {
  const { room } = session;
  const state = (): TableStateLike => room.state;
  const mySeat = (): number => list(state().seats).findIndex((s) => s.sessionId === room.sessionId);
  const name = (seat: number): string => seatName(state(), seat);
  const game = gameById(session.game) ?? gameById(state().game);
  let disposed = false;

  const codeEl = h('span', { class: 'table-code', 'data-testid': 'table-code', 'aria-label': `Table code ${session.code.split('').join(' ')}` }, session.code);
  const copyBtn = h('button', { type: 'button', class: 'secondary' }, 'Copy link');
  // Rules (rules.ts): shown over the table, so the game keeps running underneath.
  const gameId = game?.id ?? session.game;
  const rulesBtn = hasRules(gameId) ? h('button', { type: 'button', class: 'secondary', 'aria-label': 'Rules' }, 'Rules') : null;
  rulesBtn?.addEventListener('click', () => openRulesDialog(gameId));
  const leaveBtn = h('button', { type: 'button' }, 'Leave');
  const statusText = h('span', { role: 'status' });
  const statusClock = h('span', { 'aria-hidden': 'true' });
  const status = h('div', { class: 'status', 'data-testid': 'status' }, statusText, statusClock);
  const bannerText = h('h2', { 'data-testid': 'winner' });
  const bannerBtn = h('button', { type: 'button', class: 'secondary' }, 'Back to lobby');
  const banner = h('div', { class: 'banner', hidden: true }, bannerText, bannerBtn);
  const scene = h('div', { class: 'scene' });
  const actions = h('div', { class: 'actions', role: 'group', 'aria-label': 'Your move' });
  const seats = h('ul', { class: 'seats' });
  const log = h('ol', { class: 'log', role: 'log', 'aria-label': 'What happened', tabindex: 0 });
  const toast = h('div', { class: 'toast', role: 'alert', hidden: true });

  root.replaceChildren(
    h(
      'div',
      { class: 'table-page' },
      h(
        'header',
        { class: 'table-head' },
        h('div', { class: 'code-block' }, h('span', { class: 'label' }, 'Table code'), codeEl, h('span', { class: 'game-title' }, game ? `${game.title} — ${game.year}` : session.game)),
        rulesBtn,
        copyBtn,
        leaveBtn,
      ),
      status,
      banner,
      h(
        'div',
        { class: 'table-layout' },
        h('main', {}, scene, actions),
        h('aside', { class: 'side' }, h('section', { 'aria-label': 'Players' }, h('h3', {}, 'Players'), seats), h('section', {}, h('h3', {}, 'What happened'), log)),
      ),
      toast,
    ),
  );

  let toastTimer = 0;
  function showToast(message: string, ms = 3500): void {
    toast.textContent = message;
    toast.hidden = false;
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => (toast.hidden = true), ms);
  }

  copyBtn.addEventListener('click', () => {
    const url = `${location.origin}/#/join/${session.code}`;
    const done = () => {
      copyBtn.textContent = 'Copied!';
      window.setTimeout(() => (copyBtn.textContent = 'Copy link'), 2000);
    };
    const fallback = () => {
      const input = h('input', { value: url, 'aria-hidden': 'true' });
      document.body.append(input);
      input.select();
      const ok = document.execCommand('copy');
      input.remove();
      if (ok) done();
      else showToast(`Copy this link: ${url}`, 8000);
    };
    if (navigator.clipboard?.writeText) navigator.clipboard.writeText(url).then(done, fallback);
    else fallback();
  });
  let leaving = false;
  const leave = () => {
    leaving = true;
    void leaveTable().finally(toLobby);
  };
  leaveBtn.addEventListener('click', leave);
  bannerBtn.addEventListener('click', leave);

  function addLog(lines: string[]): void {
    if (lines.length === 0) return;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
    for (const line of lines) log.append(h('li', {}, line));
    while (log.children.length > MAX_LOG) log.firstElementChild?.remove();
    if (atBottom || lines.length > 0) log.scrollTop = log.scrollHeight;
  }

  const ctx: TableContext = {
    state,
    mySeat,
    name,
    send: (intent) => room.send('intent', intent),
  };
  let ui: GameUi | null = null;
  if (game?.enabled) ui = game.mount(ctx, { scene, actions });
  else scene.replaceChildren(h('p', { class: 'scene-fallback' }, `This client cannot show "${session.game}" tables yet.`));

  /** Set by the server's `server_restarting` event: the coming disconnect is expected. */
  let restarting = false;

  /** Table-level events; the game's UI words its own. */
  function describe(e: ServerEvent): string[] {
    const seat = typeof e.seat === 'number' ? e.seat : -1;
    switch (e.type) {
      case 'player_joined':
        return [`${typeof e.name === 'string' ? e.name : name(seat)} sat down${seat === mySeat() ? ' (that’s you)' : ''}.`];
      case 'player_left':
        return [`${typeof e.name === 'string' && e.name ? e.name : name(seat)} left the table.`];
      case 'game_started':
        return ['Every seat is taken — the game begins!'];
      case 'bot_took_seat':
        return [`${name(seat)} is gone; a bot plays that seat now.`];
      case 'server_restarting':
        restarting = true;
        return [typeof e.message === 'string' ? e.message : 'The server is restarting.'];
      default:
        return ui?.describe(e) ?? [];
    }
  }

  // Countdown against a server deadline, tolerant of a skewed local clock.
  let seenDeadline = 0;
  let localDeadline = 0;
  function secondsLeft(): number | null {
    const s = state();
    if (!s.deadline) return null;
    if (s.deadline !== seenDeadline) {
      seenDeadline = s.deadline;
      const remaining = s.deadline - Date.now();
      const plausible = remaining <= s.turnSeconds * 1000 + 2000 && remaining > -2000;
      localDeadline = plausible ? s.deadline : Date.now() + s.turnSeconds * 1000;
    }
    return Math.max(0, Math.ceil((localDeadline - Date.now()) / 1000));
  }

  function renderStatus(): void {
    const s = state();
    const me = mySeat();
    const pending = list(s.pending);
    const secs = s.status === 'playing' ? secondsLeft() : null;
    let main = '';
    let mine = false;
    if (s.status === 'waiting') {
      const open = list(s.seats).filter((x) => x.kind === 'open').length;
      main = `Waiting for ${open} more player${open === 1 ? '' : 's'} — share the code`;
    } else if (s.status === 'over') {
      main = `Game over — ${ui?.winnerText() ?? 'the game has ended.'}`;
    } else if (ui?.statusText?.()) {
      mine = pending.includes(me);
      main = ui.statusText() ?? '';
    } else if (pending.includes(me)) {
      mine = true;
      main = 'Pick your card';
    } else if (pending.length > 0) {
      const out = me >= 0 && ui?.seatSummary(me).alive === false ? 'You’re out this round. ' : '';
      main = `${out}Waiting for ${listNames(pending.map(name))}…`;
    } else {
      main = 'Cards are coming up…';
    }
    if (statusText.textContent !== main) statusText.textContent = main;
    const clock = secs !== null && pending.length > 0 ? ` — ${secs} s` : '';
    if (statusClock.textContent !== clock) statusClock.textContent = clock;
    status.classList.toggle('mine', mine);
  }

  function renderSeats(): void {
    const s = state();
    const me = mySeat();
    const pending = list(s.pending);
    seats.replaceChildren(
      ...list(s.seats).map((seat, i) => {
        const summary = ui?.seatSummary(i) ?? { score: '', alive: null };
        const open = seat.kind === 'open';
        return h(
          'li',
          { class: i === me ? 'me' : null },
          h('span', { class: 'who' }, open ? 'Open seat' : seat.name, i === me ? ' (you)' : ''),
          seat.kind === 'bot' ? h('span', { class: 'tag' }, 'bot') : !open ? h('span', { class: 'tag' }, 'human') : null,
          s.host === i ? h('span', { class: 'tag host' }, 'host') : null,
          seat.kind === 'human' && !seat.connected ? h('span', { class: 'tag away' }, 'disconnected') : null,
          pending.includes(i) && s.status === 'playing' ? h('span', { class: 'tag deciding' }, 'deciding') : null,
          summary.score ? h('span', { class: 'money' }, summary.score) : null,
          summary.alive === true ? h('span', { class: 'life alive', title: 'Standing' }, '♥ standing') : null,
          summary.alive === false ? h('span', { class: 'life dead', title: 'Hit this round' }, '✝ hit') : null,
        );
      }),
      ...(s.spectators > 0 ? [h('li', {}, `${s.spectators} watching`)] : []),
    );
  }

  function render(): void {
    if (disposed) return;
    const s = state();
    renderSeats();
    renderStatus();
    const over = s.status === 'over';
    if (over && banner.hidden) window.setTimeout(() => banner.scrollIntoView({ block: 'nearest', behavior: 'smooth' }), 0);
    banner.hidden = !over;
    if (over) {
      const text = ui?.winnerText() ?? 'The game is over.';
      if (bannerText.textContent !== text) bannerText.textContent = text;
    }
    ui?.update();
  }

  room.onStateChange(render);
  const unlisten = session.listen((m) => {
    if (disposed) return;
    if (m.kind === 'events' && Array.isArray(m.payload)) {
      for (const e of m.payload as ServerEvent[]) if (e && typeof e.type === 'string') addLog(describe(e));
    } else if (m.kind === 'error') {
      const err = m.payload as { message?: unknown };
      showToast(typeof err?.message === 'string' ? err.message : 'The table refused that move.');
      ui?.refused?.();
    }
  });
  room.onLeave(() => {
    if (disposed || leaving) return;
    bannerText.textContent = restarting
      ? 'The server is restarting, so this table has closed. Go back to the lobby and start a new table in a moment.'
      : 'The connection to this table was lost.';
    banner.hidden = false;
    actions.replaceChildren(h('p', { class: 'prompt' }, 'Disconnected.'));
  });
  const clock = window.setInterval(renderStatus, 250);
  render();

  return () => {
    disposed = true;
    window.clearInterval(clock);
    window.clearTimeout(toastTimer);
    unlisten();
    ui?.destroy();
  };
}
