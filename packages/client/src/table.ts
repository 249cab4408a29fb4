import { localEnd, secondsUntil } from './clock';
import { chatLine, chatText, CHAT_INTERVAL_MS, CHAT_PHRASES, isPhrase } from './chat';
import { keptLink, rememberGame } from './kept';
import { h, listNames } from './dom';
import { languagePicker, t } from './i18n';
import { gameById, type GameUi, type ServerEvent, type TableContext } from './games';
import type { Standing } from './games/types';
import { CONSENTED, SEAT_TAKEN, dropSession, isGone, leaveTable, refusalText, type Session } from './net';
import { setReplayLog } from './replay';
import { hasRules, openRulesDialog } from './rules';
import { actionKeys } from './keyboard';
import { qrCode } from './qr';
import { isMuted, play, setMuted } from './sound';
import { list, seatName, type SeatLike, type TableStateLike } from './state';

const MAX_LOG = 80;
/** How long a chat bubble stays over the table. */
const BUBBLE_MS = 3500;


/** Seat fields for table life (reconnection, AFK, rematch), beside the basic ones. */
type LiveSeat = SeatLike & { away?: boolean; ready?: boolean };

/** The table page: code, seats, status, log, winner banner around one game's scene and action bar. */
/**
 * `resumed`: this tab took its seat back after a refresh. `tv`: the TV view — the public table alone, large, for a
 * shared screen (a spectator connection; no move buttons, chat or host controls).
 */
export function mountTable(root: HTMLElement, session: Session, toLobby: () => void, opts: { resumed?: boolean; tv?: boolean } = {}): () => void {
  // The room changes after a reconnection: always read it through the session.
  const room = () => session.room;
  const state = (): TableStateLike => room().state;
  const mySeat = (): number => list(state().seats).findIndex((s) => s.sessionId === room().sessionId);
  const name = (seat: number): string => seatName(state(), seat);
  const seatAt = (seat: number): LiveSeat | undefined => list(state().seats)[seat] as LiveSeat | undefined;
  const game = gameById(session.game) ?? gameById(state().game);
  let disposed = false;

  const codeEl = h('span', { class: 'table-code', 'data-testid': 'table-code', 'aria-label': t('table.codeSpelled', { code: session.code.split('').join(' ') }) }, session.code);
  const copyBtn = h('button', { type: 'button', class: 'secondary' }, t('table.copyLink'));
  // Rules (rules.ts): shown over the table, so the game keeps running underneath.
  const gameId = game?.id ?? session.game;
  const rulesBtn = hasRules(gameId) ? h('button', { type: 'button', class: 'secondary', 'aria-label': t('table.rules') }, t('table.rules')) : null;
  rulesBtn?.addEventListener('click', () => openRulesDialog(gameId));
  const muteBtn = h('button', { type: 'button', class: 'secondary mute' });
  const renderMute = () => {
    // A music note (in every font, unlike the speaker emoji), struck through when muted.
    muteBtn.textContent = '♪';
    muteBtn.classList.toggle('muted', isMuted());
    muteBtn.setAttribute('aria-label', isMuted() ? t('table.soundOff') : t('table.soundOn'));
    muteBtn.setAttribute('aria-pressed', String(isMuted()));
    muteBtn.title = isMuted() ? t('table.soundIsOff') : t('table.soundIsOn');
  };
  renderMute();
  muteBtn.addEventListener('click', () => {
    setMuted(!isMuted());
    renderMute();
    play('click');
  });
  const leaveBtn = h('button', { type: 'button' }, t('table.leave'));
  const tvUrl = `${location.origin}${location.pathname}#/tv/${session.code}`;
  const tvBtn = opts.tv ? null : h('a', { class: 'button secondary', href: tvUrl, target: '_blank', rel: 'noopener', title: t('table.tvViewHint') }, t('table.tvView'));
  const joinUrl = `${location.host}/#/join/${session.code}`;
  const joinLink = `${location.origin}/#/join/${session.code}`;
  const tvQr = opts.tv ? h('figure', { class: 'tv-qr' }, qrCode(joinLink, t('table.tvQr', { url: joinLink })), h('figcaption', {}, t('table.tvScan'))) : null;
  const statusText = h('span', { role: 'status' });
  const statusClock = h('span', { 'aria-hidden': 'true' });
  const status = h('div', { class: 'status', 'data-testid': 'status' }, statusText, statusClock);
  const bannerKicker = h('p', { class: 'end-kicker' }, t('table.end.title'));
  const bannerText = h('h2', { 'data-testid': 'winner', id: `end-${session.code}` });
  const standingsEl = h('ol', { class: 'standings', 'data-testid': 'standings', 'aria-label': t('table.end.standings') });
  const bannerNote = h('p', { class: 'banner-note', 'data-testid': 'rematch-note', 'aria-live': 'polite' });
  const againBtn = h('button', { type: 'button' }, t('table.playAgain'));
  const logBtn = h('button', { type: 'button', class: 'secondary' }, t('table.downloadLog'));
  const replayBtn = h('button', { type: 'button', class: 'secondary' }, t('table.watchReplay'));
  // A kept game (issue 14): its link opens the replay again later, on this device (the server keeps it for a while).
  const keptBtn = h('button', { type: 'button', class: 'secondary', 'data-testid': 'kept-link' }, t('table.keptLink'));
  const keptNote = h('p', { class: 'banner-note', 'aria-live': 'polite', hidden: true });
  const bannerBtn = h('button', { type: 'button', class: 'secondary' }, t('backToLobby'));
  const peekBtn = h('button', { type: 'button', class: 'secondary peek', 'aria-expanded': 'true' }, t('table.end.seeTable'));
  // The end screen: over the table (scene and action bar) once the game is over, or once the table is gone.
  const banner = h(
    'section',
    { class: 'endscreen', hidden: true, 'aria-labelledby': `end-${session.code}`, 'data-testid': 'endscreen' },
    h('div', { class: 'end-card' }, bannerKicker, bannerText, standingsEl, bannerNote, h('div', { class: 'banner-buttons' }, againBtn, replayBtn, keptBtn, logBtn, bannerBtn, peekBtn), keptNote),
  );
  const scene = h('div', { class: 'scene' });
  const bubbles = h('div', { class: 'bubbles', 'aria-hidden': 'true' });
  const actions = h('div', { class: 'actions', role: 'group', 'aria-label': t('table.yourMove') });
  const hostBar = h('div', { class: 'host-bar', role: 'group', 'aria-label': t('table.hostControls'), hidden: true });
  const seats = h('ul', { class: 'seats' });
  const chatRow = h('div', { class: 'chat-row', role: 'group', 'aria-label': t('table.quickChat') });
  // (the live region wraps the list: a list given role="log" is no list any more, and its items hang loose)
  const log = h('ol', { class: 'log', tabindex: 0, 'aria-label': t('table.whatHappened') });
  const logRegion = h('div', { role: 'log', 'aria-label': t('table.whatHappened') }, log);
  const toast = h('div', { class: 'toast', role: 'alert', hidden: true });
  const main = h('main', { class: 'table-main' }, scene, bubbles, actions, banner);

  const page = h(
    'div',
    { class: `table-page live${opts.tv ? ' tv' : ''}` },
    h(
      'header',
      { class: 'table-head' },
      h('div', { class: 'code-block' }, h('span', { class: 'label' }, t('table.code')), codeEl, h('span', { class: 'game-title' }, game ? `${game.title} — ${game.year}` : session.game), opts.tv ? h('span', { class: 'tv-join', 'data-testid': 'tv-join' }, t('table.tvJoinAt', { url: joinUrl })) : null),
      tvQr,
      rulesBtn,
      muteBtn,
      languagePicker(),
      copyBtn,
      tvBtn,
      leaveBtn,
    ),
    status,
    h(
      'div',
      { class: 'table-layout' },
      main,
      h(
        'aside',
        { class: 'side' },
        h('section', { 'aria-label': t('table.players') }, h('h3', {}, t('table.players')), hostBar, seats),
        h('section', { 'aria-label': t('table.quickChat') }, chatRow),
        h('section', {}, h('h3', {}, t('table.whatHappened')), logRegion),
      ),
    ),
    toast,
  );
  root.replaceChildren(page);
  // A table starts at its top (status, countdown, code), not at the lobby's scroll position.
  window.scrollTo(0, 0);

  /*
   * One screen for every decision: the table (scene and action bar) takes the height left under the header and the
   * status bar (the scene grows or shrinks, the action bar keeps its own height); players, chat and log follow
   * beside it or below it. The TV view is laid out for 1920×1080 and zoomed to larger screens.
   */
  const head = page.querySelector('.table-head') as HTMLElement;
  const fit = () => {
    if (disposed) return;
    const zoom = opts.tv ? Math.max(1, Math.min(window.innerWidth / 1920, window.innerHeight / 1080)) : 1;
    if (opts.tv) page.style.setProperty('zoom', String(zoom));
    const top = main.getBoundingClientRect().top + window.scrollY;
    const gap = opts.tv ? 8 : 12;
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
  const stopKeys = opts.tv ? () => undefined : actionKeys(actions, () => !disposed && !closed && banner.hidden);

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
      copyBtn.textContent = t('table.copied');
      window.setTimeout(() => (copyBtn.textContent = t('table.copyLink')), 2000);
    };
    const fallback = () => {
      const input = h('input', { value: url, 'aria-hidden': 'true' });
      document.body.append(input);
      input.select();
      const ok = document.execCommand('copy');
      input.remove();
      if (ok) done();
      else showToast(t('table.copyThis', { url }), 8000);
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
  // "See the table": the end screen folds away to a strip, the final table shows; the same button brings it back.
  peekBtn.addEventListener('click', () => {
    const peeking = banner.classList.toggle('peeking');
    peekBtn.textContent = peeking ? t('table.end.backToResults') : t('table.end.seeTable');
    peekBtn.setAttribute('aria-expanded', String(!peeking));
  });

  // Play again / game log (after the game).
  againBtn.addEventListener('click', () => {
    againBtn.disabled = true;
    room().send('table', { action: 'rematch' });
  });
  // The log arrives as a `log` message: saved as a file, or handed to the replay viewer.
  // The server sends a game's log once per connection: the session keeps it for the next click (until a rematch).
  let logFor: 'file' | 'replay' | 'link' = 'file';
  const useLog = (payload: unknown) => {
    session.gameLog = payload;
    if (logFor === 'link') keepLink(payload);
    else if (logFor === 'replay') {
      setReplayLog(payload);
      location.hash = '#/replay';
    } else saveLog(payload);
  };
  logBtn.addEventListener('click', () => {
    logFor = 'file';
    if (session.gameLog) useLog(session.gameLog);
    else room().send('table', { action: 'log' });
  });
  replayBtn.addEventListener('click', () => {
    logFor = 'replay';
    if (session.gameLog) useLog(session.gameLog);
    else room().send('table', { action: 'log' });
  });
  keptBtn.addEventListener('click', () => {
    logFor = 'link';
    if (session.gameLog) useLog(session.gameLog);
    else room().send('table', { action: 'log' });
  });
  /** Remembers this device's seat token for the game and shows (and copies) the link that opens it again. */
  function keepLink(payload: unknown): void {
    const id = (payload as { id?: unknown } | null)?.id;
    keptNote.hidden = false;
    if (typeof id !== 'string' || !id || !session.seatToken) {
      keptNote.textContent = t('table.keptNone');
      return;
    }
    rememberGame(id, session.seatToken);
    const url = keptLink(id);
    const link = h('a', { href: url, 'data-testid': 'kept-url' }, url);
    const show = (copied: boolean) => keptNote.replaceChildren(copied ? t('table.keptCopied') : t('table.keptHere'), ' ', link);
    // (the link shows at once; "copied" once the clipboard took it — it may never answer on a page without focus)
    show(false);
    navigator.clipboard?.writeText(url).then(() => show(true), () => undefined);
  }
  function saveLog(payload: unknown): void {
    const blob = new Blob([JSON.stringify(payload, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = h('a', { href: url, download: `tumbleweed-${session.code}.json`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  // Quick chat: one line per 2 s (the server refuses faster ones with RATE_LIMITED).
  const chatButtons = CHAT_PHRASES.map((phrase) =>
    h('button', { type: 'button', class: 'secondary chat', 'data-phrase': phrase, 'aria-label': chatText(phrase).label, title: chatText(phrase).text }, chatText(phrase).button),
  );
  let chatTimer = 0;
  for (const btn of chatButtons) {
    btn.addEventListener('click', () => {
      room().send('table', { action: 'chat', phrase: btn.dataset.phrase });
      for (const b of chatButtons) b.disabled = true;
      window.clearTimeout(chatTimer);
      chatTimer = window.setTimeout(() => chatButtons.forEach((b) => (b.disabled = false)), CHAT_INTERVAL_MS);
    });
  }
  chatRow.replaceChildren(...chatButtons);
  function bubble(text: string): void {
    const el = h('div', { class: 'bubble' }, text);
    bubbles.append(el);
    while (bubbles.children.length > 3) bubbles.firstElementChild?.remove();
    window.setTimeout(() => el.remove(), BUBBLE_MS);
  }

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
    send: (intent) => room().send('intent', intent),
    serverNow: () => session.serverNow(),
  };
  let ui: GameUi | null = null;
  if (game?.enabled) ui = game.mount(ctx, { scene, actions });
  else scene.replaceChildren(h('p', { class: 'scene-fallback' }, t('table.cannotShow', { game: session.game })));

  /** Set by the server's `server_restarting` event: the coming disconnect is expected. */
  let restarting = false;
  /** Set by a `player_kicked` event for my seat. */
  let kicked = false;
  /** A game has ended at this page: the next `game_started` is a rematch. */
  let hadGame = false;
  /** Reconnecting after a drop, and which try this is. */
  let reconnecting = false;
  let reconnectTry = 0;
  /** The server closed us with 1001 ("going away"): a graceful restart; the next process resumes the table. */
  let serverRestart = false;
  /** The table is gone for good (the message shown in the banner). */
  let closed: string | null = null;

  /** Table-level events in words (the game's UI words its own); no side effects, so the log can be redrawn. */
  function describe(e: ServerEvent): string[] {
    const seat = typeof e.seat === 'number' ? e.seat : -1;
    const who = typeof e.name === 'string' && e.name ? e.name : seat >= 0 ? name(seat) : '';
    switch (e.type) {
      case 'player_joined':
        return [t('table.log.sat', { name: who, context: seat === mySeat() ? 'me' : undefined })];
      case 'player_left':
        return [t('table.log.left', { name: who })];
      case 'game_started':
        return [e.rematch ? t('table.log.newGame') : t('table.log.begins')];
      case 'bot_took_seat':
        return [t('table.log.botTook', { name: name(seat) })];
      case 'player_returned':
        return [t('table.log.returned', { name: who })];
      case 'player_kicked':
        return [t('table.log.kicked', { name: who })];
      case 'seat_away':
        return [t('table.log.away', { name: name(seat) })];
      case 'seat_back':
        return [t('table.log.back', { name: name(seat) })];
      case 'rematch_asked':
        return [t('table.log.rematch', { name: name(seat) })];
      case 'chat':
        return isPhrase(e.phrase) ? [chatLine(seat >= 0 ? name(seat) : t('chat.spectator'), e.phrase)] : [];
      case 'server_restarting':
        return [t('table.log.restarting')];
      // This page's own lines (see local()).
      case 'client_resumed':
        return [session.spectate ? t('table.log.watchingAgain') : t('table.log.seatAgain')];
      case 'client_reconnected':
        return [t('table.log.reconnected')];
      default:
        return ui?.describe(e) ?? [];
    }
  }

  /**
   * The log from the session's events: at mount (a language switch, a reload). After a reload the seats may still be
   * on their way, so it waits for them (every line shown meanwhile is in the history too, and is drawn again).
   */
  let logDrawn = false;
  function drawHistory(): void {
    if (logDrawn || list(state().seats).length === 0) return;
    logDrawn = true;
    log.replaceChildren();
    addLog(session.history.flatMap((e) => describe(e)));
  }

  /** A line of this page's own (not from the server), kept with the events so a language switch redraws it too. */
  function local(e: ServerEvent): void {
    session.remember(e);
    addLog(describe(e));
  }

  /** What an event does to the page besides its log line. */
  function sideEffects(e: ServerEvent): void {
    const seat = typeof e.seat === 'number' ? e.seat : -1;
    if (e.type === 'game_started' && e.rematch) againBtn.disabled = false;
    if (e.type === 'player_kicked' && seat === mySeat()) kicked = true;
    if (e.type === 'server_restarting') restarting = true;
    if (e.type === 'chat' && isPhrase(e.phrase)) bubble(chatLine(seat >= 0 ? name(seat) : t('chat.spectator'), e.phrase));
  }

  // Countdown against a server deadline, tolerant of a skewed local clock.
  let seenDeadline = 0;
  let localDeadline = 0;
  /**
   * The deadline is the table's turn timer or one of the game's own clocks (a threat window, a race), which may be
   * longer than the turn timer or run with the timer off. A deadline further away than either could be (a local
   * clock set wrong) falls back to a full turn timer from now, or to no clock at all.
   */
  const LONGEST_GAME_CLOCK_S = 60;
  function secondsLeft(): number | null {
    const s = state();
    if (!s.deadline) return null;
    if (s.deadline !== seenDeadline) {
      seenDeadline = s.deadline;
      localDeadline = localEnd(s.deadline, Math.max(s.turnSeconds, LONGEST_GAME_CLOCK_S) * 1000, s.turnSeconds > 0 ? s.turnSeconds * 1000 : null) ?? 0;
    }
    if (!localDeadline) return null;
    return secondsUntil(localDeadline);
  }

  function renderStatus(): void {
    const s = state();
    const me = mySeat();
    const pending = list(s.pending);
    const secs = s.status === 'playing' && !reconnecting ? secondsLeft() : null;
    let main = '';
    let mine = false;
    if (closed !== null) {
      main = t('table.status.disconnected');
    } else if (reconnecting) {
      const words = serverRestart ? 'backSoon' : 'reconnecting';
      main = reconnectTry > 0 ? t(`table.status.${words}Try`, { n: reconnectTry + 1 }) : t(`table.status.${words}`);
    } else if (s.status === 'waiting') {
      const open = list(s.seats).filter((x) => x.kind === 'open').length;
      main = t('table.status.waiting', { count: open });
    } else if (s.status === 'over') {
      main = t('table.status.over', { winner: ui?.winnerText() ?? t('table.status.ended') });
    } else if (ui?.statusText?.()) {
      mine = pending.includes(me);
      main = ui.statusText() ?? '';
    } else if (pending.includes(me)) {
      mine = true;
      main = t('table.status.pick');
    } else if (pending.length > 0) {
      const out = me >= 0 && ui?.seatSummary(me).alive === false ? `${t('table.status.out')} ` : '';
      main = `${out}${t('table.status.waitingFor', { names: listNames(pending.map(name)) })}`;
    } else {
      main = t('table.status.coming');
    }
    if (statusText.textContent !== main) statusText.textContent = main;
    const clock = secs !== null && pending.length > 0 ? t('table.status.clock', { secs }) : '';
    if (statusClock.textContent !== clock) statusClock.textContent = clock;
    status.classList.toggle('mine', mine);
    status.classList.toggle('offline', reconnecting || closed !== null);
  }

  const hostSend = (action: string, seat?: number) => room().send('table', seat === undefined ? { action } : { action, seat });
  const btn = (label: string, aria: string, onclick: () => void, cls = 'secondary small') =>
    h('button', { type: 'button', class: cls, 'aria-label': aria, onclick: () => onclick() }, label);

  let seatsSignature = '';
  function renderSeats(): void {
    const s = state();
    const me = mySeat();
    const pending = list(s.pending);
    const amHost = me >= 0 && s.host === me && !reconnecting && closed === null;
    const waiting = s.status === 'waiting';
    const all = list(s.seats) as LiveSeat[];
    const open = all.filter((x) => x.kind === 'open').length;
    const rows = all.map((seat, i) => {
      const summary = ui?.seatSummary(i) ?? { score: '', alive: null };
      return { seat, i, summary };
    });
    const signature = JSON.stringify([
      me, s.host, s.status, s.spectators, amHost, pending,
      rows.map(({ seat, summary }) => [seat.name, seat.kind, seat.connected, seat.away, seat.ready, summary.score, summary.alive]),
    ]);
    if (signature === seatsSignature) return;
    seatsSignature = signature;

    hostBar.hidden = !(amHost && waiting);
    hostBar.replaceChildren(
      ...(amHost && waiting
        ? [
            open > 0 ? btn(t('table.host.addBot'), t('table.host.addBot'), () => hostSend('addBot')) : null,
            open > 0 ? btn(t('table.host.startNow'), t('table.host.startNow'), () => hostSend('start'), 'small') : null,
          ].filter((x): x is HTMLButtonElement => x !== null)
        : []),
    );
    seats.replaceChildren(
      ...rows.map(({ seat, i, summary }) => {
        const isOpen = seat.kind === 'open';
        const human = seat.kind === 'human';
        const other = human && i !== me;
        const label = seat.name || t('table.seat.seatN', { n: i + 1 });
        return h(
          'li',
          { class: i === me ? 'me' : null, 'data-seat': i },
          h('span', { class: 'who' }, isOpen ? t('table.seat.open') : seat.name, i === me ? t('table.seat.you') : ''),
          seat.kind === 'bot' ? h('span', { class: 'tag' }, t('table.seat.bot')) : human ? h('span', { class: 'tag' }, t('table.seat.human')) : null,
          s.host === i ? h('span', { class: 'tag host' }, t('table.seat.host')) : null,
          human && seat.away ? h('span', { class: 'tag afk', title: t('table.seat.awayHint') }, t('table.seat.away')) : null,
          human && !seat.connected && !waiting ? h('span', { class: 'tag offline' }, t('table.seat.reconnecting')) : null,
          s.status === 'over' && seat.ready ? h('span', { class: 'tag ready' }, t('table.seat.ready')) : null,
          pending.includes(i) && s.status === 'playing' ? h('span', { class: 'tag deciding' }, t('table.seat.deciding')) : null,
          summary.score ? h('span', { class: 'money' }, summary.score) : null,
          summary.alive === true ? h('span', { class: 'life alive', title: t('table.seat.standingHint') }, t('table.seat.standing')) : null,
          summary.alive === false ? h('span', { class: 'life dead', title: t('table.seat.hitHint') }, t('table.seat.hit')) : null,
          amHost && waiting && seat.kind === 'bot' ? btn(t('table.host.remove'), t('table.host.removeBot', { name: label }), () => hostSend('removeBot', i)) : null,
          amHost && waiting && other ? btn(t('table.host.toAudience'), t('table.host.moveToAudience', { name: label }), () => hostSend('toSpectator', i)) : null,
          amHost && other ? btn(t('table.host.kick'), t('table.host.kickName', { name: label }), () => hostSend('kick', i)) : null,
        );
      }),
      ...(s.spectators > 0 ? [h('li', { class: 'watching', 'data-testid': 'spectators' }, t('table.seat.watching', { count: s.spectators }))] : []),
    );
  }

  /** Final standings: the game's own, or (until a game has them) every seat's summary, best score first. */
  function standings(): Standing[] {
    const own = ui?.standings?.();
    if (own && own.length) return own;
    const winnerText = ui?.winnerText() ?? '';
    const rows = list(state().seats).map((_, seat) => {
      const score = ui?.seatSummary(seat).score ?? '';
      const value = Number((/-?\d+(?:\.\d+)?/.exec(score.replace(/,/g, '')) ?? ['NaN'])[0]);
      return { seat, score, value: Number.isFinite(value) ? value : -Infinity, winner: !!name(seat) && winnerText.includes(name(seat)) };
    });
    rows.sort((a, b) => Number(b.winner) - Number(a.winner) || b.value - a.value || a.seat - b.seat);
    return rows.map((r) => {
      const first = rows.findIndex((x) => x.winner === r.winner && x.value === r.value);
      return { seat: r.seat, place: r.winner ? 1 : first + 1, score: r.score, detail: '', winner: r.winner };
    });
  }

  let standingsSignature = '';
  function renderStandings(show: boolean): void {
    const rows = show ? standings() : [];
    const signature = JSON.stringify([rows, rows.map((r) => name(r.seat)), mySeat()]);
    if (signature === standingsSignature) return;
    standingsSignature = signature;
    standingsEl.hidden = rows.length === 0;
    standingsEl.replaceChildren(
      ...rows.map((r) =>
        h(
          'li',
          { class: `${r.winner ? 'winner' : ''}${r.seat === mySeat() ? ' me' : ''}`.trim() || null, 'data-seat': r.seat },
          h('span', { class: 'place', 'aria-label': t('table.end.place', { n: r.place }) }, r.winner ? '★' : `#${r.place}`),
          h('span', { class: 'who' }, name(r.seat), r.seat === mySeat() ? t('table.seat.you') : ''),
          r.winner ? h('span', { class: 'tag win' }, t('table.end.winner')) : null,
          h('span', { class: 'score' }, r.score),
          r.detail ? h('span', { class: 'detail' }, r.detail) : null,
        ),
      ),
    );
  }

  function renderBanner(): void {
    const s = state();
    const over = s.status === 'over';
    const show = over || closed !== null;
    if (show && banner.hidden) {
      banner.classList.remove('peeking');
      peekBtn.textContent = t('table.end.seeTable');
      peekBtn.setAttribute('aria-expanded', 'true');
      window.setTimeout(() => {
        banner.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        // Keyboard focus follows: the action bar is empty now, the end screen's first button is the next step.
        const next = [againBtn, bannerBtn].find((b) => !b.hidden && !b.disabled);
        if (!opts.tv && (document.activeElement === document.body || actions.contains(document.activeElement))) next?.focus({ preventScroll: true });
      }, 0);
    }
    banner.hidden = !show;
    page.classList.toggle('ended', show);
    renderStandings(show && closed === null && !!ui);
    if (!show) return;
    bannerKicker.hidden = closed !== null;
    peekBtn.hidden = closed !== null;
    const text = closed ?? ui?.winnerText() ?? t('table.banner.over');
    if (bannerText.textContent !== text) bannerText.textContent = text;
    const me = mySeat();
    const canPlay = closed === null && !reconnecting && me >= 0;
    const mine = seatAt(me);
    againBtn.hidden = !canPlay;
    logBtn.hidden = replayBtn.hidden = closed !== null || reconnecting || !!opts.tv;
    keptBtn.hidden = logBtn.hidden || !!session.spectate || !session.seatToken;
    let note = '';
    if (canPlay && mine?.ready) {
      againBtn.disabled = true;
      const others = (list(s.seats) as LiveSeat[]).flatMap((x, i) => (i !== me && x.kind === 'human' && x.connected && !x.ready ? [x.name] : []));
      note = others.length ? t('table.banner.waitingAccept', { names: listNames(others) }) : t('table.banner.starting');
    } else if (closed === null) {
      againBtn.disabled = false;
      const asking = (list(s.seats) as LiveSeat[]).filter((x) => x.kind === 'human' && x.ready).map((x) => x.name);
      if (asking.length) note = t('table.banner.wantsRematch', { names: listNames(asking), count: asking.length });
    }
    if (bannerNote.textContent !== note) bannerNote.textContent = note;
  }

  let wasOver = state().status === 'over';
  function render(): void {
    if (disposed) return;
    drawHistory();
    const s = state();
    const over = s.status === 'over';
    if (over && !wasOver) {
      hadGame = true;
      play('chime');
    }
    if (over) hadGame = true;
    wasOver = over;
    renderSeats();
    renderStatus();
    renderBanner();
    ui?.update();
  }

  function onEvents(events: ServerEvent[]): void {
    let bang = false;
    for (const e of events) {
      if (!e || typeof e.type !== 'string') continue;
      // A rematch starts a fresh log (the session's history too, so a language switch redraws only this game).
      if (e.type === 'game_started' && hadGame) {
        e.rematch = true;
        session.gameLog = null;
        session.forgetHistory();
        log.replaceChildren();
      }
      session.remember(e);
      sideEffects(e);
      addLog(describe(e));
      if (e.type === 'revealed' || e.type === 'attack_resolved' || e.type === 'hit_taken') bang = true;
    }
    if (bang) play('shot');
    else if (events.some((e) => e?.type === 'chat' || e?.type === 'committed')) play('click');
  }

  /** WebSocket close code 1001: the server is going away (SIGTERM: it keeps the game for the next process). */
  const GOING_AWAY = 1001;
  /** The connection closed without us leaving: reconnect, or say why not. */
  function dropped(code: number): void {
    if (disposed || leaving) return;
    if (restarting || kicked || code === CONSENTED || code === SEAT_TAKEN) {
      dropSession();
      close(
        restarting
          ? t('table.banner.restarting')
          : kicked
            ? t('table.banner.kicked')
            : code === SEAT_TAKEN
              ? t('table.banner.seatTaken')
              : t('table.banner.notHere'),
      );
      return;
    }
    reconnecting = true;
    reconnectTry = 0;
    serverRestart = code === GOING_AWAY;
    page.classList.add('offline');
    render();
    session
      .recover((attempt) => {
        reconnectTry = attempt;
        if (!disposed) renderStatus();
      })
      .then(
        () => {
          if (disposed) return;
          reconnecting = false;
          page.classList.remove('offline');
          bind();
          seatsSignature = '';
          local({ type: 'client_reconnected' });
          render();
        },
        (err: unknown) => {
          if (disposed) return;
          reconnecting = false;
          dropSession();
          close(isGone(err) ? t('table.banner.closed') : t('table.banner.lost'));
        },
      );
  }

  function close(message: string): void {
    closed = message;
    page.classList.add('offline');
    actions.replaceChildren(h('p', { class: 'prompt' }, t('table.status.disconnected')));
    seatsSignature = '';
    render();
  }

  function bind(): void {
    room().onStateChange(render);
  }
  bind();
  const unlisten = session.listen((m) => {
    if (disposed) return;
    if (m.kind === 'events' && Array.isArray(m.payload)) {
      onEvents(m.payload as ServerEvent[]);
    } else if (m.kind === 'error') {
      showToast(refusalText(m.payload));
      againBtn.disabled = false;
      ui?.refused?.();
    } else if (m.kind === 'log') {
      useLog(m.payload);
    } else if (m.kind === 'race') {
      const p = m.payload as { goAt?: unknown; cards?: unknown } | null;
      if (p && typeof p.goAt === 'number' && Array.isArray(p.cards) && p.cards.every((c) => typeof c === 'string')) ui?.race?.({ goAt: p.goAt, cards: p.cards as string[] });
    } else if (m.kind === 'left') {
      dropped(m.code);
    }
  });
  const clock = window.setInterval(renderStatus, 250);
  // (The state may still be on its way here, so the session says whether this tab sat or watched.)
  // A language switch re-mounts this page: the log is redrawn from the session's events, in the new words.
  drawHistory();
  if (opts.resumed) local({ type: 'client_resumed' });
  render();

  return () => {
    disposed = true;
    sizes.disconnect();
    barTop.disconnect();
    window.removeEventListener('resize', fit);
    stopKeys();
    window.clearInterval(clock);
    window.clearTimeout(toastTimer);
    window.clearTimeout(chatTimer);
    unlisten();
    ui?.destroy();
  };
}
