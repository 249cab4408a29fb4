/**
 * An event entering Rattlesnake's saloon is told over the felt: "Event! Deadeye enters the saloon" and what it does
 * from now on. It enters when a player buys the card above it, in that player's turn: the other player saw only a new
 * card in the saloon and a small "In effect" line (the log below the fold on a phone), and the next showdown went by
 * rules they never read (a helper's review: Deadeye).
 */
import { Rattlesnake } from '@tumbleweed/engine';
import { t } from '../i18n';
import { FeltMoment } from './moment';
import { rulesText } from './rattlesnake-words';

/** How long an event's moment stays, unless the player taps or presses a key first: a rule to read, not a result. */
export const EVENT_MOMENT_MS = 4500;

/**
 * The events that entered the saloon since the last view: in `now` and not `before` (undefined before a page's first
 * view: a page opened later, or a reload, tells none).
 */
export function eventsEntered(before: readonly Rattlesnake.EventKind[] | undefined, now: readonly Rattlesnake.EventKind[]): Rattlesnake.EventKind[] {
  return before === undefined ? [] : now.filter((e) => !before.includes(e));
}

/** The moment's words: the headline, then what each event does. */
export function eventMomentWords(events: readonly Rattlesnake.EventKind[]): [string, ...string[]] {
  type EventCard = Extract<Rattlesnake.CardInfo, { kind: 'event' }>;
  const cards = events.map((e) => Rattlesnake.cardInfo(Rattlesnake.eventId(e))).filter((c): c is EventCard => c?.kind === 'event');
  const names = cards.map((c) => c.name);
  return [t('rattlesnake:scene.eventEnters', { name: names.join(' · '), count: names.length }), ...cards.map((c) => rulesText(c))];
}

export class EventMoment {
  private readonly moment: FeltMoment;
  private seen: readonly Rattlesnake.EventKind[] | undefined = undefined;

  constructor(host: HTMLElement) {
    this.moment = new FeltMoment(host, 'event-moment');
  }

  /** Called with each view: an event that entered since the last one is told, unless the game is over. */
  update(events: readonly Rattlesnake.EventKind[], over: boolean): void {
    const entered = eventsEntered(this.seen, events);
    this.seen = events;
    if (entered.length === 0 || over) return;
    const [headline, ...lines] = eventMomentWords(entered);
    this.moment.show(headline, lines, EVENT_MOMENT_MS);
  }

  dispose(): void {
    this.moment.dispose();
  }
}
