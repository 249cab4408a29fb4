/** The replay viewer's hands: every watched seat's cards in words (all of them when watching everyone). */
import type { GameLogFile, Replay } from '@tumbleweed/engine';
import { h } from '../dom';
import { gameModule } from '../games/modules';
import { t } from '../i18n';

/** The cards in `seat`'s hand after `position` steps, as that seat's view shows them. */
export function handAt(rep: Replay, position: number, seat: number): string[] {
  return (rep.game.view(rep.frames[position].state, seat) as { hand?: string[] }).hand ?? [];
}

export function replayHands(log: GameLogFile, rep: Replay, name: (seat: number) => string): { el: HTMLElement; update(position: number, watch: string): void } {
  const list = h('ul', { class: 'replay-hands', 'data-testid': 'replay-hands' });
  const el = h('section', { 'aria-label': t('replay:hands') }, h('h3', {}, t('replay:hands')), list);
  function update(position: number, watch: string): void {
    const words = gameModule(log.game)?.cardWords ?? ((c: string) => c);
    const shown = watch === 'all' ? log.seats.map((_, i) => i) : watch === 'spectator' ? [] : [Number(watch)];
    el.hidden = shown.length === 0;
    list.replaceChildren(
      ...shown.map((seat) => {
        const hand = handAt(rep, position, seat).map(words);
        return h(
          'li',
          { 'data-seat': seat },
          h('span', { class: 'who' }, t('replay:handOf', { name: name(seat) })),
          // (cards whose words have commas of their own, Saloon's "green leg Blam, 0 bullets, Desperado", are set
          // apart by semicolons, as the log sets them)
          h('span', { class: 'cards' }, hand.length ? hand.join(hand.some((w) => w.includes(',')) ? '; ' : ', ') : t('replay:noCards')),
        );
      }),
    );
  }
  return { el, update };
}
