/**
 * The replay viewer (`#/replay`, issue 6 "watch replay"): a downloaded game log, replayed here by the engine itself
 * (setup from the seed, then every step with its `at`), and drawn by the game's own table UI from a synthetic table
 * state — the board each viewer would have received — so every step can be watched again from any seat, or with
 * every hand open.
 */
import { readGameLog, replay as runReplay, type GameLogFile, type Replay } from '@tumbleweed/engine';
import { fetchKept } from './kept';
import { h, mediaMatches, onMediaChange } from './dom';
import type { GameModule, GameUi, TableContext } from './games';
import { gameModule } from './games/modules';
import { languagePicker, t } from './i18n';
import { replayControls } from './replay/controls';
import { replayFrames } from './replay/frames';
import { handAt, replayHands } from './replay/hands';
import { replayLog } from './replay/log';
import { fitLayout } from './table/layout';

/** The log handed over by the table page, or the last file opened here (kept so a language switch redraws it). */
let stored: unknown = null;
/** Where the viewer was, for the same log, when the page was last torn down (a language switch remounts it). */
let resume: { raw: unknown; position: number; watch: string; speed: number } | null = null;

/** The log to show next time `#/replay` opens (the table's "Watch replay" button sets it). */
export function setReplayLog(log: unknown): void {
  stored = log;
  resume = null;
}

/** At 1×, a step lasts as long as it took at the table, within these bounds (ms). */
const STEP_MS: readonly [number, number] = [400, 2500];
const FIRST_STEP_MS = 900;

type Opened = { log: GameLogFile; module: GameModule } | { error: string };

/** A parsed file (or a handed-over object) as a log this page can show, or the sentence saying why not. */
function open(raw: unknown, file: string): Opened {
  const read = readGameLog(raw);
  if ('error' in read) {
    if (read.error.code === 'UNKNOWN_GAME') return { error: t('replay:errors.unknownGame', { game: String((raw as { game?: unknown }).game) }) };
    return { error: t('replay:errors.notLog', { file }) };
  }
  const module = gameModule(read.log.game);
  if (!module?.info.enabled) return { error: t('replay:errors.unknownGame', { game: read.log.game }) };
  return { log: read.log, module };
}

export function mountReplay(root: HTMLElement, back: () => void, keptId = ''): () => void {
  let teardownViewer: (() => void) | null = null;
  const backBtn = h('button', { type: 'button', class: 'secondary' }, t('replay:back'));
  backBtn.addEventListener('click', back);
  // (the viewer puts its title in this row, between the two: replay-head)
  const bar = h('header', { class: 'replay-nav' }, backBtn, languagePicker());
  const body = h('div', { class: 'replay-body' });
  root.replaceChildren(h('div', { class: 'replay-page' }, bar, body));

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
    teardownViewer = mountViewer({ bar, body }, log, module, rep, () => showPicker());
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

/** On a phone held upright "Open another log" waits at the page's foot: the top row keeps the title beside Back. */
const NARROW = '(max-width: 520px)';

/**
 * The viewer for one replayed log: its title in the page's top `bar`, then the controls, the game's UI, the hands and
 * the log in `body`.
 */
function mountViewer(
  { bar, body }: { bar: HTMLElement; body: HTMLElement },
  log: GameLogFile,
  module: GameModule,
  rep: Replay,
  another: () => void,
): () => void {
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
  const frames = replayFrames(log, rep, viewer);
  const ctx: TableContext = {
    state: () => frames.state(describing ?? position),
    mySeat: viewer,
    name,
    send: () => undefined,
    serverNow: () => Date.now(), // (a replay has no race messages)
    replay: true,
    peek: (seat) => (watch === 'all' ? handAt(rep, describing ?? position, seat) : null),
  };

  // Page.
  const which = log.code ? t('replay:which', { game: module.info.title, code: log.code }) : t('replay:whichNoCode', { game: module.info.title });
  const title = t('replay:title', { which });
  // (a phone keeps which game and which table, and lets "Replay —" go: style.css `.replay-lead`)
  const at = title.lastIndexOf(which);
  const titleParts =
    at < 0 ? [title] : [h('span', { class: 'replay-lead' }, title.slice(0, at)), which, title.slice(at + which.length)].filter((part) => part !== '');
  const anotherBtn = h('button', { type: 'button', class: 'secondary' }, t('replay:open.another'));
  anotherBtn.addEventListener('click', another);
  const notes: HTMLElement[] = [];
  if (rep.error) {
    notes.push(
      h(
        'p',
        { class: 'error', role: 'alert', 'data-testid': 'replay-error' },
        t('replay:errors.stepRefused', { step: rep.error.step, code: rep.error.code, count: last }),
      ),
    );
  } else if (log.outcome && JSON.stringify(rep.outcome) !== JSON.stringify(log.outcome)) {
    notes.push(h('p', { class: 'error', role: 'alert', 'data-testid': 'replay-error' }, t('replay:errors.mismatch')));
  }
  const controls = replayControls(
    log,
    rep,
    name,
    { position, speed, watch },
    {
      toggle: () => {
        if (playing) {
          stop();
          render();
        } else start();
      },
      jump: (step) => (stop(), go(step)),
      seek: go,
      speed: (x) => {
        speed = x;
        if (playing) {
          window.clearTimeout(timer);
          timer = window.setTimeout(tick, delay());
        }
      },
      watch: (who) => {
        watch = who;
        frames.forget();
        mountUi();
        wordLog();
        render();
      },
    },
  );
  const winner = h('h2', { 'data-testid': 'replay-winner' });
  const banner = h('div', { class: 'banner replay-banner', hidden: true }, winner);
  const main = h('main', { class: 'table-main' });
  // One row on top: Back, the title, "Open another log" and the language; on a phone held upright the button goes to
  // the page's foot. (The title and the button had a row of their own under Back's: 40–90 px of a phone's screen.)
  const head = h('div', { class: 'replay-head' }, h('h1', { 'data-testid': 'replay-title' }, ...titleParts));
  bar.insertBefore(head, bar.lastElementChild); // (before the language)
  const foot = h('div', { class: 'replay-foot' });
  const placeAnother = () => (mediaMatches(NARROW) ? foot : head).append(anotherBtn);
  placeAnother();
  const unplace = onMediaChange(NARROW, placeAnother);
  const hands = replayHands(log, rep, name);
  const lines = replayLog(log, rep, go);
  const page = h(
    'div',
    { class: 'replay-viewer table-page' },
    ...notes,
    controls.el,
    banner,
    h('div', { class: 'table-layout' }, main, h('aside', { class: 'side' }, hands.el, lines.el)),
    foot,
  );
  body.replaceChildren(page);

  // The game's own UI, remounted for each viewer (a scene lays the table out around its own seat).
  let ui: GameUi | null = null;
  let unfit = (): void => undefined;
  function mountUi(): void {
    ui?.destroy();
    unfit();
    // Nothing to play here: the scene and the action bar show the seat's options but take no clicks.
    const scene = h('div', { class: 'scene', inert: true });
    const actions = h('div', { class: 'actions replay-actions', inert: true });
    main.replaceChildren(scene, actions);
    // The felt and the bar take the height left under the controls, as a live table's (table-life.css).
    unfit = fitLayout({ page, above: [bar, ...notes, controls.el, banner], main, scene, actions }, false);
    try {
      ui = module.mount(ctx, { scene, actions });
    } catch (err) {
      console.error('replay: the game UI failed to mount', err);
      ui = null;
    }
  }
  const wordLog = () => lines.word(ui, viewer(), (frame) => (describing = frame));

  function render(): void {
    if (disposed) return;
    controls.update(position, playing);
    const over = frames.state(position).status === 'over';
    banner.hidden = position !== last;
    const text = over ? t('replay:over', { text: ui?.winnerText() ?? '' }) : t('replay:unfinished');
    if (winner.textContent !== text) winner.textContent = text;
    try {
      ui?.update();
    } catch (err) {
      console.error('replay: the game UI failed to draw', err);
    }
    hands.update(position, watch);
    lines.show(position);
  }

  function go(i: number): void {
    position = Math.max(0, Math.min(last, i));
    if (position === last) stop();
    render();
  }

  // Playing: each step lasts as long as it took at the table (within bounds), divided by the speed.
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

  mountUi();
  wordLog();
  render();

  return () => {
    disposed = true;
    stop();
    resume = { raw: stored, position, watch, speed };
    ui?.destroy();
    ui = null;
    unfit();
    unplace();
    head.remove();
  };
}
