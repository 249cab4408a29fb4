/** The players panel: every seat with its tags (host, away, reconnecting, ready, deciding), score and life; host controls. */
import type { HostAction } from '@tumbleweed/engine';
import { h } from '../dom';
import { drawOver } from './draw-over';
import { withEmoji } from '../emoji';
import { t } from '../i18n';
import { list } from '../state';
import type { LiveSeat, TableView } from './view';
import { sendTo } from '../net';

export function seatsPanel(view: TableView): { el: HTMLElement; update(): void; redraw(): void } {
  const hostBar = h('div', { class: 'host-bar', role: 'group', 'aria-label': t('table.hostControls'), hidden: true });
  const seats = h('ul', { class: 'seats' });
  const el = h('section', { 'aria-label': t('table.players') }, h('h3', {}, t('table.players')), hostBar, seats);

  const hostSend = (action: HostAction) => sendTo(view.room(), 'table', action);
  const btn = (label: string, aria: string, onclick: () => void, cls = 'secondary small') =>
    h('button', { type: 'button', class: cls, 'aria-label': aria, onclick: () => onclick() }, label);

  let signature = '';
  function update(): void {
    const s = view.state();
    const me = view.mySeat();
    const pending = list(s.pending);
    const amHost = me >= 0 && s.host === me && !view.conn.reconnecting && view.conn.closed === null;
    const waiting = s.status === 'waiting';
    const all = list(s.seats) as LiveSeat[];
    const open = all.filter((x) => x.kind === 'open').length;
    const rows = all.map((seat, i) => {
      const summary = view.ui?.seatSummary(i) ?? { score: '', alive: null };
      return { seat, i, summary };
    });
    const now = JSON.stringify([
      me,
      s.host,
      s.status,
      s.spectators,
      amHost,
      pending,
      rows.map(({ seat, summary }) => [seat.name, seat.kind, seat.connected, seat.away, seat.ready, summary.score, summary.alive]),
    ]);
    if (now === signature) return;
    signature = now;

    hostBar.hidden = !(amHost && waiting);
    // (drawn over: a host's click on Kick or Start now is not lost when someone joins or leaves meanwhile)
    drawOver(
      hostBar,
      ...(amHost && waiting
        ? [
            open > 0 ? btn(t('table.host.addBot'), t('table.host.addBot'), () => hostSend({ action: 'addBot' })) : null,
            open > 0 ? btn(t('table.host.startNow'), t('table.host.startNow'), () => hostSend({ action: 'start' }), 'small') : null,
          ].filter((x): x is HTMLButtonElement => x !== null)
        : []),
    );
    drawOver(
      seats,
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
          human && !seat.connected ? h('span', { class: 'tag offline' }, t('table.seat.reconnecting')) : null,
          s.status === 'over' && seat.ready ? h('span', { class: 'tag ready' }, t('table.seat.ready')) : null,
          pending.includes(i) && s.status === 'playing' ? h('span', { class: 'tag deciding' }, t('table.seat.deciding')) : null,
          // (the money and the life read together: a row too narrow for them moves both under the name, never "$0" apart
          // from "♥ standing")
          summary.score || summary.alive !== null
            ? h(
                'span',
                { class: 'stats' },
                summary.score ? h('span', { class: 'money' }, summary.score) : null,
                summary.alive === true ? h('span', { class: 'life alive', title: t('table.seat.standingHint') }, t('table.seat.standing')) : null,
                summary.alive === false ? h('span', { class: 'life dead', title: t('table.seat.hitHint') }, t('table.seat.hit')) : null,
              )
            : null,
          amHost && waiting && seat.kind === 'bot'
            ? btn(t('table.host.remove'), t('table.host.removeBot', { name: label }), () => hostSend({ action: 'removeBot', seat: i }))
            : null,
          amHost && waiting && other
            ? btn(t('table.host.toAudience'), t('table.host.moveToAudience', { name: label }), () => hostSend({ action: 'toSpectator', seat: i }))
            : null,
          amHost && other ? btn(t('table.host.kick'), t('table.host.kickName', { name: label }), () => hostSend({ action: 'kick', seat: i })) : null,
        );
      }),
      ...(s.spectators > 0
        ? [h('li', { class: 'watching', 'data-testid': 'spectators' }, ...withEmoji(t('table.seat.watching', { count: s.spectators })))]
        : []),
    );
  }

  /** Draw again at the next update even if nothing seems changed (a new room after a reconnection, a closed table). */
  const redraw = () => {
    signature = '';
  };
  return { el, update, redraw };
}
