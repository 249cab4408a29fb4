import { normalizeCode } from '@tumbleweed/engine/core/code';
import { DEFAULT_BOT_LEVEL } from '@tumbleweed/engine/protocol/constants';
import type { TableLookup } from '@tumbleweed/engine/protocol/table';
import { h } from './dom';
import { keptSeat } from './kept-seats';
import { languagePicker, t } from './i18n';
import { GAMES, type GameInfo } from './games';
import type { Session } from './net';
import { humanError, isFull, knownError } from './net-errors';
import { loadNet } from './session-store';
import { hasRules } from './rules';

const NAME_KEY = 'tumbleweed:name';
const TIMERS = [0, 10, 20, 30, 45, 60];
/** How long a dropped player's seat waits for them before a bot plays it (seconds). */
const GRACES = [30, 60, 120, 300];
const DEFAULT_GRACE = 60;
// (each game's suggested timer, its hint, whether a table may be all bots and its bot levels: GameInfo.lobby)

function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}
function saveName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // private mode: not remembered
  }
}

function select(name: string, values: number[], selected: number, format: (v: number) => string = String): HTMLSelectElement {
  const el = h('select', { name });
  for (const v of values) el.append(h('option', { value: v, selected: v === selected }, format(v)));
  return el;
}
let fieldSeq = 0;
/** A labelled control with its hint tied by aria-describedby (so the hint is not part of the name). */
function field(label: string, control: HTMLInputElement | HTMLSelectElement, hint: string): HTMLElement {
  const id = `f${++fieldSeq}`;
  control.id = id;
  control.setAttribute('aria-describedby', `${id}-hint`);
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, h('span', { class: 'hint', id: `${id}-hint` }, hint));
}
const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
/** How many play a game, from its seat range (the engine's constant): "2 players", "2–6 players". */
const playersOf = (g: GameInfo): string =>
  g.minSeats === g.maxSeats ? t('lobby.playersExactly', { seats: g.minSeats }) : t('lobby.players', { min: g.minSeats, max: g.maxSeats });

export interface LobbyOptions {
  /** From `#/join/CODE`: the join box is shown first and prefilled. */
  joinCode: string;
  onSeated(session: Session): void;
  /**
   * The player is about to sit down: a field or button of the lobby was touched or focused (once per lobby). The page
   * fetches the table's code then, while the player types a name or picks a game, instead of after the click.
   */
  onIntent?(): void;
}

/**
 * The forms as the player left them, for the lobby drawn again: a language switch redraws the page (main.ts), and the
 * rules' Back comes back to it. Without it the game went back to Duel, the seats and bots to their defaults, the typed
 * code was gone. Forgotten once a table is taken.
 */
let draft: { game: string; selects: Record<string, string>; code: string } | null = null;

export function mountLobby(root: HTMLElement, opts: LobbyOptions): () => void {
  let disposed = false;
  /** A table was created or joined from here: the forms are done with. */
  let taken = false;
  const kept = draft;
  draft = null;
  const invited = opts.joinCode !== '';

  // Your name (shared by both forms).
  const nameInput = h('input', { name: 'name', maxlength: 20, autocomplete: 'nickname', placeholder: t('lobby.namePlaceholder'), value: savedName() });
  nameInput.addEventListener('change', () => saveName(nameInput.value.trim()));
  const playerName = (): string | undefined => {
    const n = nameInput.value.trim();
    saveName(n);
    return n || undefined;
  };

  // Create a table.
  let chosen: GameInfo = GAMES.find((g) => g.enabled && g.id === kept?.game) ?? GAMES.find((g) => g.enabled) ?? GAMES[0];
  const gameChoices = h('fieldset', { class: 'games' }, h('legend', {}, t('lobby.game')));
  for (const g of GAMES) {
    const radio = h('input', { type: 'radio', name: 'game', value: g.id, checked: g === chosen, disabled: !g.enabled });
    radio.addEventListener('change', () => {
      if (radio.checked) {
        chosen = g;
        renderFields();
      }
    });
    gameChoices.append(
      h(
        'label',
        { class: `game-choice${g.enabled ? '' : ' soon'}` },
        radio,
        h('strong', {}, g.title),
        h('span', { class: 'hint' }, [g.year, playersOf(g)].filter(Boolean).join(' · ')),
        h('span', { class: 'hint' }, g.blurb),
        g.enabled ? null : h('span', { class: 'soon-tag' }, t('lobby.comingSoon')),
        // Rules (rules.ts): a link inside the label navigates without choosing the game.
        hasRules(g.id) ? h('a', { class: 'rules-btn', href: `#/rules/${g.id}`, 'aria-label': t('lobby.rulesOf', { game: g.title }) }, t('lobby.rules')) : null,
      ),
    );
  }
  const fields = h('div', { class: 'fields' });
  let seatsSel: HTMLSelectElement;
  let botsSel: HTMLSelectElement;
  let timerSel: HTMLSelectElement;
  let graceSel: HTMLSelectElement;
  let optionSels: { key: string; boolean: boolean; el: HTMLSelectElement }[] = [];
  let levelSel: HTMLSelectElement | null = null;
  const rules = h('div', { class: 'rules' });

  function renderBots(): void {
    const seats = Number(seatsSel.value);
    const prev = Math.min(Number(botsSel.value), seats);
    const maxBots = chosen.lobby.botsOnly ? seats : seats - 1;
    botsSel.replaceChildren(
      ...range(0, maxBots).map((v) => h('option', { value: v, selected: v === prev }, v === seats ? t('lobby.botsAll', { count: v }) : String(v))),
    );
  }

  function renderFields(): void {
    const g = chosen;
    seatsSel = select('seats', range(g.minSeats, g.maxSeats), Math.min(g.maxSeats, Math.max(g.minSeats, 3)));
    botsSel = select('bots', [1], 1);
    seatsSel.addEventListener('change', renderBots);
    renderBots();
    graceSel = select('graceSeconds', GRACES, DEFAULT_GRACE, (v) => (v < 60 ? t('lobby.seconds', { count: v }) : t('lobby.minutes', { count: v / 60 })));
    timerSel = select('turnSeconds', TIMERS, g.lobby.turnSeconds, (v) => (v === 0 ? t('lobby.timerOff') : t('lobby.seconds', { count: v })));
    optionSels = g.options.map((o) => ({ key: o.key, boolean: o.boolean === true, el: select(o.key, range(o.min, o.max), o.value, o.format) }));
    const levels = g.lobby.botLevels;
    levelSel = levels
      ? h('select', { name: 'botLevel' }, ...levels.levels.map((l) => h('option', { value: l, selected: l === DEFAULT_BOT_LEVEL }, levels.name(l))))
      : null;
    fields.replaceChildren(
      field(t('lobby.seats'), seatsSel, t('lobby.seatsHint')),
      field(t('lobby.bots'), botsSel, t('lobby.botsHint')),
      ...(levelSel && levels ? [field(levels.label(), levelSel, levels.hint())] : []),
      ...g.options.map((o, i) => field(o.label, optionSels[i].el, o.hint)),
      field(t('lobby.turnTimer'), timerSel, g.lobby.timerHint()),
      field(t('lobby.grace'), graceSel, t('lobby.graceHint')),
    );
    rules.replaceChildren(h('strong', {}, t('lobby.howItWorks', { game: g.title })), h('ul', {}, ...g.rules.map((r) => h('li', {}, r))));
  }
  renderFields();
  /** The choices of the lobby drawn before, where this game still offers them. */
  function restoreFields(k: { selects: Record<string, string> }): void {
    const pick = (sel: HTMLSelectElement | null) => {
      const v = sel ? k.selects[sel.name] : undefined;
      if (sel && v !== undefined && [...sel.options].some((o) => o.value === v)) sel.value = v;
    };
    // (the seats first: they say how many bots there may be)
    pick(seatsSel);
    renderBots();
    for (const sel of [botsSel, levelSel, timerSel, graceSel, ...optionSels.map((o) => o.el)]) pick(sel);
  }
  if (kept) restoreFields(kept);

  const createBtn = h('button', { type: 'submit' }, t('lobby.create'));
  const createError = h('p', { class: 'error', role: 'alert' });
  const createForm = h(
    'form',
    { class: 'panel create', 'aria-label': t('lobby.startTable') },
    h('h2', {}, t('lobby.startTable')),
    gameChoices,
    fields,
    createBtn,
    createError,
    rules,
  );
  createForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!chosen.enabled) return;
    createError.textContent = '';
    createBtn.disabled = true;
    createBtn.textContent = t('lobby.creating');
    try {
      const options: Record<string, unknown> = { turnSeconds: Number(timerSel.value), graceSeconds: Number(graceSel.value) };
      for (const o of optionSels) options[o.key] = o.boolean ? o.el.value === '1' : Number(o.el.value);
      if (levelSel) options.botLevel = levelSel.value;
      const session = await (
        await loadNet()
      ).createTable({ game: chosen.id, name: playerName(), seats: Number(seatsSel.value), bots: Number(botsSel.value), options });
      if (!disposed) {
        taken = true;
        opts.onSeated(session);
      }
    } catch (err) {
      createError.textContent = humanError(err);
    } finally {
      createBtn.disabled = false;
      createBtn.textContent = t('lobby.create');
    }
  });

  // Join a table.
  const codeInput = h('input', {
    name: 'code',
    'aria-label': t('lobby.tableCode'),
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    placeholder: 'ABCDE',
    value: opts.joinCode || (kept?.code ?? ''),
    maxlength: 12,
  });
  const joinBtn = h('button', { type: 'submit' }, t('lobby.join'));
  const watchBtn = h('button', { type: 'button', class: 'secondary' }, t('lobby.watch'));
  const joinNote = h('p', { class: 'note', 'aria-live': 'polite' });
  const joinError = h('p', { class: 'error', role: 'alert' });
  const joinForm = h(
    'form',
    { class: 'panel join', 'aria-label': t('lobby.joinTitle') },
    h('h2', {}, invited ? t('lobby.invitedTitle') : t('lobby.joinTitle')),
    h('p', { class: 'hint' }, t('lobby.joinHint')),
    h('div', { class: 'join-row' }, codeInput, joinBtn, watchBtn),
    joinNote,
    joinError,
  );

  let lookupSeq = 0;
  async function lookup(): Promise<void> {
    const code = normalizeCode(codeInput.value);
    const seq = ++lookupSeq;
    if (!code) {
      joinNote.textContent = '';
      return;
    }
    try {
      const res = await fetch(`/api/tables/${code}`);
      const body = (await res.json()) as Partial<TableLookup> & { code?: unknown };
      if (seq !== lookupSeq || disposed) return;
      if (res.ok) {
        const title = GAMES.find((g) => g.id === body.game)?.title ?? body.game;
        // Whether Join would seat me: a seat this device sat at is given back (kept-seats.ts); else a free one, if any
        // (a game under way or a full table takes watchers only).
        const open = body.open ?? 0;
        joinNote.textContent = keptSeat(code)
          ? t('lobby.tableMine', { code, game: title })
          : open > 0
            ? t('lobby.tableOpen', { code, game: title, count: open, seats: body.seats ?? open })
            : t('lobby.tableFull', { code, game: title });
      } else if (res.status === 404) joinNote.textContent = t('lobby.noSuchTable', { code });
      // Too many lookups from this network (RATE_LIMITED), or the server cannot look now (UNAVAILABLE): say so, not
      // "no such table".
      else joinNote.textContent = knownError(body.code) ?? t('errors.unknown');
    } catch {
      if (seq === lookupSeq) joinNote.textContent = '';
    }
  }
  codeInput.addEventListener('input', () => void lookup());

  async function join(spectate: boolean): Promise<void> {
    joinError.textContent = '';
    const code = normalizeCode(codeInput.value);
    if (!code) {
      joinError.textContent = t('lobby.badCode');
      codeInput.focus();
      return;
    }
    codeInput.value = code;
    joinBtn.disabled = watchBtn.disabled = true;
    try {
      const session = await (await loadNet()).joinTable(code, playerName(), spectate);
      if (!disposed) {
        taken = true;
        opts.onSeated(session);
      }
    } catch (err) {
      joinError.textContent = humanError(err, code);
      // Table life: a full table offers to watch instead.
      if (!spectate && isFull(err))
        joinError.append(' ', h('button', { type: 'button', class: 'secondary', onclick: () => void join(true) }, t('lobby.watchInstead')));
    } finally {
      joinBtn.disabled = watchBtn.disabled = false;
    }
  }
  joinForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void join(false);
  });
  watchBtn.addEventListener('click', () => void join(true));

  const namePanel = h('div', { class: 'panel name-panel' }, field(t('lobby.yourName'), nameInput, t('lobby.nameHint')));
  // Replays (replay.ts): a downloaded game log, watched again with every card shown.
  const replayPanel = h(
    'section',
    { class: 'panel replay-link', 'aria-label': t('lobby.replayTitle') },
    h('h2', {}, t('lobby.replayTitle')),
    h('p', { class: 'hint' }, t('lobby.replayHint')),
    h('a', { class: 'button secondary', href: '#/replay' }, t('lobby.replayOpen')),
  );
  // Side by side, starting a table comes first; in one column (a phone: style.css puts the lobby in one column at the
  // same width) joining does, as it does for an invite link: the short form for a code read off a friend's table, the
  // long one after it, not the other way round (the code box was 1,700–1,800 px down a phone's lobby).
  const oneColumn = window.matchMedia('(max-width: 860px)');
  const first = h('div', { class: 'col' }, namePanel);
  const second = h('div', { class: 'col' }, replayPanel);
  const arrange = () => {
    const joinFirst = invited || oneColumn.matches;
    first.append(joinFirst ? joinForm : createForm);
    second.prepend(joinFirst ? createForm : joinForm);
  };
  arrange();
  const lobby = h('div', { class: `lobby${invited ? ' invited' : ''}` }, first, second);
  // (a tablet turned round: the forms move, what was typed in them stays)
  oneColumn.addEventListener('change', arrange);
  let intended = false;
  const intent = (): void => {
    if (intended) return;
    intended = true;
    opts.onIntent?.();
  };
  lobby.addEventListener('focusin', intent);
  lobby.addEventListener('pointerdown', intent);
  root.replaceChildren(h('header', { class: 'brand' }, h('h1', {}, t('brand.title')), h('p', {}, t('brand.tagline')), languagePicker()), lobby);
  if (invited) {
    void lookup();
    (nameInput.value ? joinBtn : nameInput).focus();
  }
  return () => {
    disposed = true;
    oneColumn.removeEventListener('change', arrange);
    if (!taken) {
      saveName(nameInput.value.trim());
      const selects = Object.fromEntries([...createForm.querySelectorAll('select')].map((s) => [s.name, s.value]));
      draft = { game: chosen.id, selects, code: codeInput.value };
    }
  };
}
