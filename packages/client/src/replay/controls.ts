/** The replay viewer's controls: to the start, a step back, play/pause, a step on, to the end; the slider; speed and seat. */
import type { GameLogFile, Replay } from '@tumbleweed/engine';
import { h } from '../dom';
import { language, t } from '../i18n';

const SPEEDS = [0.5, 1, 2, 4] as const;

export interface ReplayControls {
  el: HTMLElement;
  update(position: number, playing: boolean): void;
}

export function replayControls(
  log: GameLogFile,
  rep: Replay,
  name: (seat: number) => string,
  now: { position: number; speed: number; watch: string },
  on: {
    /** Play, or pause. */
    toggle(): void;
    /** A button: stop playing and go to `step`. */
    jump(step: number): void;
    /** The slider: go to `step` (playing on). */
    seek(step: number): void;
    speed(x: number): void;
    /** 'all', 'spectator', or a seat number. */
    watch(who: string): void;
  },
): ReplayControls {
  const last = rep.frames.length - 1;
  let position = now.position;
  const playIcon = document.createTextNode('');
  const playWord = h('span', { class: 'replay-word' });
  const playBtn = h('button', { type: 'button', class: 'replay-play', 'data-testid': 'replay-play' }, playIcon, playWord);
  const startBtn = h('button', { type: 'button', class: 'secondary', 'aria-label': t('replay:toStart'), title: t('replay:toStart') }, '|◀');
  const backBtn = h('button', { type: 'button', class: 'secondary', 'aria-label': t('replay:stepBack'), title: t('replay:stepBack') }, '◀');
  const fwdBtn = h('button', { type: 'button', class: 'secondary', 'aria-label': t('replay:stepForward'), title: t('replay:stepForward') }, '▶');
  const endBtn = h('button', { type: 'button', class: 'secondary', 'aria-label': t('replay:toEnd'), title: t('replay:toEnd') }, '▶|');
  const slider = h('input', { type: 'range', min: 0, max: last, step: 1, value: position, 'aria-label': t('replay:position'), 'data-testid': 'replay-slider' });
  const stepText = h('span', { class: 'replay-step', 'data-testid': 'replay-position', 'aria-live': 'polite' });
  const stepWhat = h('span', { class: 'replay-what' });
  const number = new Intl.NumberFormat(language());
  const speedSel = h('select', { id: 'replay-speed' }, ...SPEEDS.map((x) => h('option', { value: x, selected: x === now.speed }, `${number.format(x)}×`)));
  const watchSel = h(
    'select',
    { id: 'replay-watch' },
    h('option', { value: 'all' }, t('replay:everyone')),
    ...log.seats.map((s, i) => h('option', { value: i }, s.kind === 'bot' ? t('replay:seatBot', { name: name(i) }) : name(i))),
    h('option', { value: 'spectator' }, t('replay:spectator')),
  );
  watchSel.value = now.watch;
  const el = h(
    'div',
    { class: 'replay-controls', role: 'group', 'aria-label': t('replay:controls') },
    h('div', { class: 'replay-buttons' }, startBtn, backBtn, playBtn, fwdBtn, endBtn),
    h('div', { class: 'replay-slider' }, slider, h('div', { class: 'replay-where' }, stepText, stepWhat)),
    h(
      'div',
      { class: 'replay-selects' },
      h('label', { for: 'replay-speed' }, h('span', { class: 'replay-label' }, t('replay:speed')), speedSel),
      h('label', { for: 'replay-watch' }, h('span', { class: 'replay-label' }, t('replay:watchAs')), watchSel),
    ),
  );

  playBtn.addEventListener('click', on.toggle);
  startBtn.addEventListener('click', () => on.jump(0));
  backBtn.addEventListener('click', () => on.jump(position - 1));
  fwdBtn.addEventListener('click', () => on.jump(position + 1));
  endBtn.addEventListener('click', () => on.jump(last));
  slider.addEventListener('input', () => on.seek(Number(slider.value)));
  speedSel.addEventListener('change', () => on.speed(Number(speedSel.value) || 1));
  watchSel.addEventListener('change', () => on.watch(watchSel.value));

  function update(at: number, playing: boolean): void {
    position = at;
    slider.value = String(position);
    stepText.textContent = t('replay:step', { n: position, total: last });
    const step = rep.frames[position].step;
    stepWhat.textContent =
      step === null
        ? t('replay:deal')
        : 'timeout' in step
          ? t('replay:timeRanOut')
          : 'shift' in step
            ? t('replay:resumed')
            : t('replay:moveBy', { name: name(step.seat) });
    // (Play at the last step plays the game again from its deal: it says so)
    // (its word for screen readers only on the smallest phone held sideways: style.css)
    // (its icon and word changed in place, and only when they change: a finger resting on the word while a step went
    // by pressed an element that was gone when it lifted, and the browser sent no click)
    const word = playing ? t('replay:pause') : t(position === last ? 'replay:playAgain' : 'replay:play');
    const icon = playing ? '❚❚ ' : '▶ ';
    if (playIcon.data !== icon) playIcon.data = icon;
    if (playWord.textContent !== word) playWord.textContent = word;
    playBtn.setAttribute('aria-pressed', String(playing));
    startBtn.disabled = backBtn.disabled = position === 0;
    fwdBtn.disabled = endBtn.disabled = position === last;
  }
  return { el, update };
}
