/** The end screen's final standings, best first. */
import { h } from '../dom';
import type { Standing } from '../games/types';
import { t } from '../i18n';
import { list } from '../state';
import type { TableView } from './view';

/**
 * Final standings: the game's own, or (a game that gives none: its board not read yet) every seat's summary, the
 * table's winners first, then by score. (The winners were found by their names in the banner's words, which say "You
 * win" on the winner's own page.)
 */
export function standings(view: TableView): Standing[] {
  const ui = view.ui;
  const own = ui?.standings?.();
  if (own && own.length) return own;
  const winners = list(view.state().winners);
  const rows = list(view.state().seats).map((_, seat) => {
    const score = ui?.seatSummary(seat).score ?? '';
    const value = Number((/-?\d+(?:\.\d+)?/.exec(score.replace(/,/g, '')) ?? ['NaN'])[0]);
    return { seat, score, value: Number.isFinite(value) ? value : -Infinity, winner: winners.includes(seat) };
  });
  rows.sort((a, b) => Number(b.winner) - Number(a.winner) || b.value - a.value || a.seat - b.seat);
  return rows.map((r) => {
    const first = rows.findIndex((x) => x.winner === r.winner && x.value === r.value);
    return { seat: r.seat, place: r.winner ? 1 : first + 1, score: r.score, detail: '', winner: r.winner };
  });
}

export function standingsList(view: TableView): { el: HTMLElement; update(show: boolean): void } {
  const el = h('ol', { class: 'standings', 'data-testid': 'standings', 'aria-label': t('table.end.standings') });
  let signature = '';
  function update(show: boolean): void {
    const rows = show ? standings(view) : [];
    const me = view.mySeat();
    const now = JSON.stringify([rows, rows.map((r) => view.name(r.seat)), me]);
    if (now === signature) return;
    signature = now;
    el.hidden = rows.length === 0;
    el.replaceChildren(
      ...rows.map((r) =>
        h(
          'li',
          { class: `${r.winner ? 'winner' : ''}${r.seat === me ? ' me' : ''}`.trim() || null, 'data-seat': r.seat },
          h('span', { class: 'place', 'aria-label': t('table.end.place', { n: r.place }) }, r.winner ? '★' : `#${r.place}`),
          h('span', { class: 'who' }, view.name(r.seat), r.seat === me ? t('table.seat.you') : ''),
          r.winner ? h('span', { class: 'tag win' }, t('table.end.winner')) : null,
          h('span', { class: 'score' }, r.score),
          r.detail ? h('span', { class: 'detail' }, r.detail) : null,
        ),
      ),
    );
  }
  return { el, update };
}
