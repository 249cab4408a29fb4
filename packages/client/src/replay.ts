/**
 * The replay viewer (`#/replay`, issue 6 "watch replay"): a downloaded game log, replayed here by the engine itself
 * (setup from the seed, then every step with its `at`), and drawn by the game's own table UI from a synthetic table
 * state — the board each viewer would have received — so every step can be watched again from any seat, or with
 * every hand open.
 */
import { eventsFor, readGameLog, replay as runReplay, syncedBoardFor, type GameLogFile, type Replay } from '@tumbleweed/engine';
import { fetchKept } from './kept';
import { h } from './dom';
import { gameById, type GameModule, type GameUi, type ServerEvent, type TableContext } from './games';
import { cardLabel as duelCard } from './games/duel';
import { cardLabel as rattlesnakeCard } from './games/rattlesnake';
import { cardLabel as saloonCard } from './games/saloon';
import { language, languagePicker, t } from './i18n';
import type { TableStateLike } from './state';

/** The log handed over by the table page, or the last file opened here (kept so a language switch redraws it). */
let stored: unknown = null;
/** Where the viewer was, for the same log, when the page was last torn down (a language switch remounts it). */
let resume: { raw: unknown; position: number; watch: string; speed: number } | null = null;

/** The log to show next time `#/replay` opens (the table's "Watch replay" button sets it). */
export function setReplayLog(log: unknown): void {
  stored = log;
  resume = null;
}

const SPEEDS = [0.5, 1, 2, 4] as const;
/** At 1×, a step lasts as long as it took at the table, within these bounds (ms). */
const STEP_MS: readonly [number, number] = [400, 2500];
const FIRST_STEP_MS = 900;

/** A hand's cards in words, per game. */
const CARD_WORDS: Record<string, (id: string) => string> = {
  duel: (c) => duelCard(c as Parameters<typeof duelCard>[0]),
  rattlesnake: rattlesnakeCard,
  saloon: saloonCard,
};

type Opened = { log: GameLogFile; module: GameModule } | { error: string };

/** A parsed file (or a handed-over object) as a log this page can show, or the sentence saying why not. */
function open(raw: unknown, file: string): Opened {
  const read = readGameLog(raw);
  if ('error' in read) {
    if (read.error.code === 'UNKNOWN_GAME') return { error: t('replay:errors.unknownGame', { game: String((raw as { game?: unknown }).game) }) };
    return { error: t('replay:errors.notLog', { file }) };
  }
  const module = gameById(read.log.game);
  if (!module?.enabled) return { error: t('replay:errors.unknownGame', { game: read.log.game }) };
  return { log: read.log, module };
}

export function mountReplay(root: HTMLElement, back: () => void, keptId = ''): () => void {
  let teardownViewer: (() => void) | null = null;
  const backBtn = h('button', { type: 'button', class: 'secondary' }, t('replay:back'));
  backBtn.addEventListener('click', back);
  const nav = h('nav', { class: 'replay-nav' }, backBtn, languagePicker());
  const body = h('div', { class: 'replay-body' });
  root.replaceChildren(h('div', { class: 'replay-page' }, nav, body));

  function showPicker(error = ''): void {
    teardownViewer?.();
    teardownViewer = null;
    const input = h('input', { type: 'file', accept: '.json,application/json', id: 'replay-file', class: 'replay-file' });
    const errorEl = h('p', { class: 'error', role: 'alert', 'data-testid': 'replay-error' }, error);
    const note = h('p', { class: 'note', 'aria-live': 'polite' });
    const zone = h(
      'div',
      { class: 'replay-drop' },
      input,
      h('label', { for: 'replay-file', class: 'replay-pick' }, t('replay:open.pick')),
      h('span', { class: 'hint' }, t('replay:open.drop')),
    );
    const read = (file: File | undefined | null) => {
      if (!file) return;
      note.textContent = t('replay:open.reading', { file: file.name });
      errorEl.textContent = '';
      file.text().then(
        (text) => {
          note.textContent = '';
          let raw: unknown;
          try {
            raw = JSON.parse(text);
          } catch {
            errorEl.textContent = t('replay:errors.notJson', { file: file.name });
            return;
          }
          const opened = open(raw, file.name);
          if ('error' in opened) {
            errorEl.textContent = opened.error;
            return;
          }
          stored = raw;
          resume = null;
          showViewer(opened.log, opened.module);
        },
        () => {
          note.textContent = '';
          errorEl.textContent = t('replay:errors.notLog', { file: file.name });
        },
      );
    };
    input.addEventListener('change', () => read(input.files?.[0]));
    zone.addEventListener('dragover', (e) => {
      e.preventDefault();
      zone.classList.add('over');
    });
    zone.addEventListener('dragleave', () => zone.classList.remove('over'));
    zone.addEventListener('drop', (e) => {
      e.preventDefault();
      zone.classList.remove('over');
      read(e.dataTransfer?.files?.[0]);
    });
    zone.setAttribute('aria-label', t('replay:open.dropHere'));
    body.replaceChildren(
      h('section', { class: 'panel replay-open' }, h('h1', {}, t('replay:open.heading')), h('p', {}, t('replay:open.intro')), zone, note, errorEl),
    );
  }

  function showViewer(log: GameLogFile, module: GameModule): void {
    teardownViewer?.();
    const rep = runReplay(log);
    if (rep.frames.length === 0) {
      showPicker(t('replay:errors.setup', { message: rep.error?.message ?? '' }));
      return;
    }
    teardownViewer = mountViewer(body, log, module, rep, () => showPicker());
  }

  if (keptId) {
    // A kept game's link: fetched from the server with this device's seat token for it.
    let gone = false;
    const note = h('p', { class: 'note', role: 'status', 'data-testid': 'replay-loading' }, t('replay:kept.loading'));
    body.replaceChildren(h('section', { class: 'panel replay-open' }, h('h1', {}, t('replay:open.heading')), note));
    void fetchKept(keptId).then((answer) => {
      if (gone) return;
      if ('error' in answer) return showPicker(t(`replay:kept.${answer.error}`));
      const opened = open(answer.log, 'game log');
      if ('error' in opened) return showPicker(opened.error);
      stored = answer.log;
      resume = null;
      showViewer(opened.log, opened.module);
    });
    return () => {
      gone = true;
      teardownViewer?.();
      teardownViewer = null;
    };
  }
  if (stored !== null) {
    const opened = open(stored, 'game log');
    if ('error' in opened) showPicker(t('replay:errors.handedOver'));
    else showViewer(opened.log, opened.module);
  } else showPicker();

  return () => {
    teardownViewer?.();
    teardownViewer = null;
  };
}

/** The viewer for one replayed log: the game's UI, the controls, the hands and the log. */
function mountViewer(body: HTMLElement, log: GameLogFile, module: GameModule, rep: Replay, another: () => void): () => void {
  const game = rep.game;
  const last = rep.frames.length - 1;
  const again = resume && resume.raw === stored ? resume : null;
  let position = Math.min(again?.position ?? 0, last);
  /** 'all', 'spectator', or a seat number. */
  let watch = again?.watch ?? 'all';
  let speed = again?.speed ?? 1;
  let playing = false;
  let timer = 0;
  let disposed = false;
  /** While the log lines are worded: the frame whose state `describe` sees (the state before the step, as live). */
  let describing: number | null = null;

  const viewer = (): number => (watch === 'all' || watch === 'spectator' ? -1 : Number(watch));
  const name = (seat: number): string => log.seats[seat]?.name || t('seatName', { n: seat + 1 });

  // The table state each viewer would have had after each step, drawn lazily and kept for the current viewer.
  let cache = new Map<number, TableStateLike>();
  const seats = log.seats.map((s) => ({ name: s.name, kind: s.kind, sessionId: '', connected: true }));
  function tableState(i: number): TableStateLike {
    let s = cache.get(i);
    if (s) return s;
    const state = rep.frames[i].state;
    const outcome = game.outcome(state);
    s = {
      code: log.code,
      game: log.game,
      status: outcome ? 'over' : 'playing',
      seats,
      host: -1,
      pending: outcome ? [] : game.pending(state),
      deadline: 0,
      turnSeconds: 0,
      spectators: 0,
      winners: outcome?.winners ?? [],
      board: syncedBoardFor(log.game, state, viewer()),
    };
    cache.set(i, s);
    return s;
  }

  const ctx: TableContext = {
    state: () => tableState(describing ?? position),
    mySeat: viewer,
    name,
    send: () => undefined,
    serverNow: () => Date.now(), // (a replay has no race messages)
  };

  // Page.
  const title = log.code ? t('replay:title', { game: module.title, code: log.code }) : t('replay:titleNoCode', { game: module.title });
  const anotherBtn = h('button', { type: 'button', class: 'secondary' }, t('replay:open.another'));
  anotherBtn.addEventListener('click', another);
  const notes: HTMLElement[] = [];
  if (rep.error) {
    notes.push(h('p', { class: 'error', role: 'alert', 'data-testid': 'replay-error' }, t('replay:errors.stepRefused', { step: rep.error.step, code: rep.error.code, count: last })));
  } else if (log.outcome && JSON.stringify(rep.outcome) !== JSON.stringify(log.outcome)) {
    notes.push(h('p', { class: 'error', role: 'alert', 'data-testid': 'replay-error' }, t('replay:errors.mismatch')));
  }

  const playBtn = h('button', { type: 'button', class: 'replay-play', 'data-testid': 'replay-play' });
  const startBtn = h('button', { type: 'button', class: 'secondary', 'aria-label': t('replay:toStart'), title: t('replay:toStart') }, '|◀');
  const backBtn = h('button', { type: 'button', class: 'secondary', 'aria-label': t('replay:stepBack'), title: t('replay:stepBack') }, '◀');
  const fwdBtn = h('button', { type: 'button', class: 'secondary', 'aria-label': t('replay:stepForward'), title: t('replay:stepForward') }, '▶');
  const endBtn = h('button', { type: 'button', class: 'secondary', 'aria-label': t('replay:toEnd'), title: t('replay:toEnd') }, '▶|');
  const slider = h('input', { type: 'range', min: 0, max: last, step: 1, value: position, 'aria-label': t('replay:position'), 'data-testid': 'replay-slider' });
  const stepText = h('span', { class: 'replay-step', 'data-testid': 'replay-position', 'aria-live': 'polite' });
  const stepWhat = h('span', { class: 'replay-what' });
  const number = new Intl.NumberFormat(language());
  const speedSel = h(
    'select',
    { id: 'replay-speed' },
    ...SPEEDS.map((x) => h('option', { value: x, selected: x === speed }, `${number.format(x)}×`)),
  );
  const watchSel = h(
    'select',
    { id: 'replay-watch' },
    h('option', { value: 'all' }, t('replay:everyone')),
    ...log.seats.map((s, i) => h('option', { value: i }, s.kind === 'bot' ? t('replay:seatBot', { name: name(i) }) : name(i))),
    h('option', { value: 'spectator' }, t('replay:spectator')),
  );
  watchSel.value = watch;
  const controls = h(
    'div',
    { class: 'replay-controls', role: 'group', 'aria-label': t('replay:controls') },
    h('div', { class: 'replay-buttons' }, startBtn, backBtn, playBtn, fwdBtn, endBtn),
    h('div', { class: 'replay-slider' }, slider, h('div', { class: 'replay-where' }, stepText, stepWhat)),
    h('div', { class: 'replay-selects' }, h('label', { for: 'replay-speed' }, t('replay:speed'), speedSel), h('label', { for: 'replay-watch' }, t('replay:watchAs'), watchSel)),
  );
  const banner = h('div', { class: 'banner replay-banner', hidden: true }, h('h2', { 'data-testid': 'replay-winner' }));
  const sceneSlot = h('div', { class: 'replay-scene' });
  const handsList = h('ul', { class: 'replay-hands', 'data-testid': 'replay-hands' });
  const handsSection = h('section', { 'aria-label': t('replay:hands') }, h('h3', {}, t('replay:hands')), handsList);
  const logList = h('ol', { class: 'log replay-log', 'aria-label': t('replay:log'), tabindex: 0 });
  const page = h(
    'div',
    { class: 'replay-viewer table-page' },
    h('header', { class: 'replay-head' }, h('h1', { 'data-testid': 'replay-title' }, title), anotherBtn),
    ...notes,
    controls,
    banner,
    h(
      'div',
      { class: 'table-layout' },
      h('main', { class: 'table-main' }, sceneSlot),
      h('aside', { class: 'side' }, handsSection, h('section', {}, h('h3', {}, t('replay:log')), h('div', { role: 'log', 'aria-label': t('replay:log') }, logList))),
    ),
  );
  body.replaceChildren(page);

  // The game's own UI, remounted for each viewer (a scene lays the table out around its own seat).
  let ui: GameUi | null = null;
  let actions: HTMLElement | null = null;
  function mountUi(): void {
    ui?.destroy();
    // Nothing to play here: the scene and the action bar show the seat's options but take no clicks.
    const scene = h('div', { class: 'scene', inert: true });
    actions = h('div', { class: 'actions replay-actions', inert: true });
    sceneSlot.replaceChildren(scene, actions);
    try {
      ui = module.mount(ctx, { scene, actions });
    } catch (err) {
      console.error('replay: the game UI failed to mount', err);
      ui = null;
    }
  }

  // The log: every step's events as the watched seat saw them (private ones only for that seat), worded by the game.
  let lines: HTMLLIElement[][] = [];
  function wordLog(): void {
    const seat = viewer();
    const startLine = h('li', { 'data-step': 0 }, t('replay:started', { count: log.seats.length }));
    lines = [[startLine]];
    for (let i = 1; i <= last; i++) {
      describing = i - 1;
      const events = eventsFor(rep.frames[i].events, seat >= 0 ? seat : null) as ServerEvent[];
      const words: string[] = [];
      for (const e of events) {
        try {
          words.push(...(ui?.describe(e) ?? []));
        } catch {
          // a line the game cannot word is left out, as at the table
        }
      }
      lines.push(
        words.map((w) => {
          const li = h('li', { 'data-step': i, title: t('replay:goTo', { n: i }) }, w);
          li.addEventListener('click', () => go(i));
          return li;
        }),
      );
    }
    describing = null;
    logList.replaceChildren(...lines.flat());
  }

  function renderLog(): void {
    lines.forEach((group, i) => {
      for (const li of group) {
        li.hidden = i > position;
        li.classList.toggle('current', i === position);
      }
    });
    const current = lines.slice(0, position + 1).flat().filter((li) => li.classList.contains('current'));
    const anchor = current[current.length - 1] ?? lines.slice(0, position + 1).flat().pop();
    if (anchor) logList.scrollTop = Math.max(0, anchor.offsetTop - logList.offsetTop - logList.clientHeight + anchor.offsetHeight + 8);
  }

  function renderHands(): void {
    const state = rep.frames[position].state;
    const words = CARD_WORDS[log.game] ?? ((c: string) => c);
    const shown = watch === 'all' ? log.seats.map((_, i) => i) : watch === 'spectator' ? [] : [Number(watch)];
    handsSection.hidden = shown.length === 0;
    handsList.replaceChildren(
      ...shown.map((seat) => {
        const hand = ((game.view(state, seat) as { hand?: string[] }).hand ?? []).map(words);
        return h(
          'li',
          { 'data-seat': seat },
          h('span', { class: 'who' }, t('replay:handOf', { name: name(seat) })),
          h('span', { class: 'cards' }, hand.length ? hand.join(', ') : t('replay:noCards')),
        );
      }),
    );
  }

  function render(): void {
    if (disposed) return;
    slider.value = String(position);
    stepText.textContent = t('replay:step', { n: position, total: last });
    const step = rep.frames[position].step;
    stepWhat.textContent = step === null ? t('replay:deal') : 'timeout' in step ? t('replay:timeRanOut') : 'shift' in step ? t('replay:resumed') : t('replay:moveBy', { name: name(step.seat) });
    playBtn.textContent = playing ? `❚❚ ${t('replay:pause')}` : `▶ ${t('replay:play')}`;
    playBtn.setAttribute('aria-pressed', String(playing));
    startBtn.disabled = backBtn.disabled = position === 0;
    fwdBtn.disabled = endBtn.disabled = position === last;
    const atEnd = position === last;
    const over = tableState(position).status === 'over';
    banner.hidden = !atEnd;
    const text = over ? t('replay:over', { text: ui?.winnerText() ?? '' }) : t('replay:unfinished');
    const h2 = banner.firstElementChild as HTMLElement;
    if (h2.textContent !== text) h2.textContent = text;
    try {
      ui?.update();
    } catch (err) {
      console.error('replay: the game UI failed to draw', err);
    }
    renderHands();
    renderLog();
  }

  function go(i: number): void {
    position = Math.max(0, Math.min(last, i));
    if (position === last) stop();
    render();
  }

  function delay(): number {
    const prev = rep.frames[position];
    const next = rep.frames[position + 1];
    const gap = prev?.step && next?.step ? next.step.at - prev.step.at : FIRST_STEP_MS;
    return Math.min(STEP_MS[1], Math.max(STEP_MS[0], gap)) / speed;
  }
  function tick(): void {
    if (disposed || !playing) return;
    if (position >= last) return stop();
    go(position + 1);
    if (playing) timer = window.setTimeout(tick, delay());
  }
  function start(): void {
    if (position >= last) position = 0;
    playing = true;
    window.clearTimeout(timer);
    render();
    timer = window.setTimeout(tick, delay());
  }
  function stop(): void {
    playing = false;
    window.clearTimeout(timer);
  }

  playBtn.addEventListener('click', () => {
    if (playing) {
      stop();
      render();
    } else start();
  });
  startBtn.addEventListener('click', () => (stop(), go(0)));
  backBtn.addEventListener('click', () => (stop(), go(position - 1)));
  fwdBtn.addEventListener('click', () => (stop(), go(position + 1)));
  endBtn.addEventListener('click', () => (stop(), go(last)));
  slider.addEventListener('input', () => go(Number(slider.value)));
  speedSel.addEventListener('change', () => {
    speed = Number(speedSel.value) || 1;
    if (playing) {
      window.clearTimeout(timer);
      timer = window.setTimeout(tick, delay());
    }
  });
  watchSel.addEventListener('change', () => {
    watch = watchSel.value;
    cache = new Map();
    mountUi();
    wordLog();
    render();
  });

  mountUi();
  wordLog();
  render();

  return () => {
    disposed = true;
    stop();
    resume = { raw: stored, position, watch, speed };
    ui?.destroy();
    ui = null;
  };
}
