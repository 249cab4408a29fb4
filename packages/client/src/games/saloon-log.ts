/**
 * Saloon Showdown's log sentences, without Pixi and without the table's UI: what games/saloon.ts shows in "What
 * happened" (and the replay viewer with it).
 */
import { Saloon, type SaloonEvent } from '@tumbleweed/engine';
import { listNames } from '../dom';
import { youContext } from './you';
import { cardLabel, dollars, T } from './saloon-words';

/** Cards in a sentence: "red head Bang, 2 bullets, Booty; …", or "nothing". */
function cards(ids: readonly string[]): string {
  return ids.length ? ids.map(cardLabel).join('; ') : T('card.nothing');
}

/**
 * How a seat is named to the seat `me`: by its name (`n`), as "you" within a sentence (`name`) or "You" leading it
 * (`Name`); `ctx`: the "you" form of a sentence about it ('me').
 */
function namesFor(me: number, seatName: (seat: number) => string) {
  return {
    n: (seat: number) => seatName(seat),
    name: (seat: number) => (seat === me ? T('log.you') : seatName(seat)),
    Name: (seat: number) => (seat === me ? T('scene.You') : seatName(seat)),
    ctx: (seat: number) => youContext(me, seat),
  };
}

/**
 * The table's "What happened" log for Saloon Showdown: each event as whole sentences for the seat `me` ("You" forms
 * for mine), with the players' names from `seatName`. log-words.test.ts holds it to every event the engine emits.
 */
export function describeSaloonEvent(e: SaloonEvent, me: number, seatName: (seat: number) => string): string[] {
  const { n, name, Name, ctx } = namesFor(me, seatName);
  switch (e.type) {
    case 'turn_started':
      return [T('log.turnStarted', { turn: e.turn, name: n(e.seat), context: ctx(e.seat) })];
    case 'turn_ended':
      return [];
    case 'drew':
      return e.seat === me ? [] : [T('log.drew', { name: n(e.seat), count: e.count })];
    case 'you_drew':
      return e.seat === me ? [T('log.youDrew', { cards: cards(e.cards) })] : [];
    case 'drew_public':
      return [
        T('log.drewPublic', {
          name: n(e.seat),
          n: e.index + 1,
          card: cardLabel(e.card),
          replacement: cardLabel(e.replacement),
          context: ctx(e.seat),
        }),
      ];
    case 'dealer_moved':
      return [T('log.dealerMoved', { name: n(e.seat), context: ctx(e.seat) })];
    case 'discarded': {
      const reason = e.reason;
      const c = cards(e.cards);
      if (reason === 'cash_loot') return [];
      // A Standoff's and the Turkey's flipped cards go under the Judge's and the drawer's name: not their hand.
      if (reason === 'draw' || reason === 'standoff' || reason === 'turkey' || reason === 'escape')
        return [T('log.discardedCards', { name: n(e.seat), cards: c, context: ctx(e.seat) })];
      if (reason === 'timeout') return [T('log.discardedTimeout', { name: n(e.seat), cards: c, context: ctx(e.seat) })];
      return [T('log.discardedHand', { name: n(e.seat), cards: c, context: ctx(e.seat) })];
    }
    case 'cashed_loot':
      return [T('log.cashed', { name: n(e.seat), count: e.cards.length, context: ctx(e.seat) })];
    case 'bank_paid': {
      return [T(`log.bank.${e.reason}`, { name: n(e.seat), amount: e.amount, context: ctx(e.seat) })];
    }
    case 'loot_moved': {
      const payer = e.payer;
      const payee = e.payee;
      const amt = e.amount;
      return [T(amt > 0 ? 'log.lootMoved' : 'log.noLoot', { payer: n(payer), payee: name(payee), amount: amt, context: ctx(payer) })];
    }
    case 'bounty_claimed': {
      const from = e.from;
      if (from === me && e.seat !== me) return [T('log.bountyClaimedYours', { name: n(e.seat), amount: e.amount })];
      return [T('log.bountyClaimed', { name: n(e.seat), from: n(from), amount: e.amount, context: ctx(e.seat) })];
    }
    case 'reshuffled':
      return [T('log.reshuffled', { count: e.count })];
    case 'public_replaced':
      return [T('log.publicReplaced', { name: n(e.seat), context: ctx(e.seat) })];
    case 'threatened':
      return [T('log.threatened', { name: n(e.seat), gun: T(`colour.${e.gun}`), target: name(e.target), context: ctx(e.seat) })];
    case 'answered':
      if (e.call === 'bluffing') return [T('log.saysBluffing', { name: Name(e.seat) })];
      if (e.call !== 'duel') return [];
      return [T(e.silent ? 'log.silentDuel' : 'log.saysDuel', { name: Name(e.seat) })];
    case 'bluff_called': {
      const shown = e.hands.map((x) => T('log.shows', { name: n(x.seat), count: x.bullets, cards: cards(x.cards), context: ctx(x.seat) })).join('. ');
      const w = e.winner;
      return [T('log.bluffCalled', { shown, winner: T('log.winsCall', { name: n(w), context: ctx(w) }) })];
    }
    case 'roulette': {
      const hands = e.hands;
      const b = hands[0]?.bullets ?? 0;
      const rolls = e.rolls.join(T('log.rollsJoin'));
      const res = e.result === 'click' ? T('log.click') : T('log.bang');
      const w = e.winner;
      return [
        T('log.roulette', {
          name: Name(e.threatener),
          bullets: T('log.bulletsWord', { count: b }),
          cards: cards(hands[0]?.cards ?? []),
          rolls,
          result: res,
          winner: T('log.wins', { name: n(w), context: ctx(w) }),
        }),
      ];
    }
    case 'duel_started':
      return [T('log.duelStarted', { a: Name(e.threatener), b: name(e.target) })];
    case 'go':
      return [T('log.go')];
    case 'duel_hand':
      return e.seat === me ? [T('log.duelHand', { cards: cards(e.cards) })] : [];
    case 'shot': {
      const g = e.gun;
      // Each shot's reaction time after GO!, as the server judged it (fair races); a false start says why it missed.
      const ms = e.reactionMs !== undefined ? Math.max(0, Math.round(e.reactionMs)) : null;
      const result =
        e.falseStart && ms !== null
          ? T('log.falseStart', { ms })
          : `${e.correct ? T('log.hit') : T('log.misfire')}${ms !== null ? T('log.reaction', { ms }) : ''}`;
      const area = T(`area.${e.area}`);
      if (g === 'bottle') return [T('log.shotBottle', { name: n(e.seat), area, result, context: ctx(e.seat) })];
      const at = e.target !== undefined ? T('log.shotAt', { name: name(e.target) }) : '';
      return [
        T('log.shotGun', {
          name: n(e.seat),
          gun: T(`colour.${g}`),
          area,
          noise: e.noise && e.noise !== 'crash' ? T(`noise.${e.noise}`) : '',
          at,
          result,
          context: ctx(e.seat),
        }),
      ];
    }
    case 'misfire':
      return [T('log.lockedOut', { name: n(e.seat), context: ctx(e.seat) })];
    case 'duel_won':
      return [T('log.duelWon', { winner: Name(e.winner), loser: name(e.loser) })];
    case 'wounded':
      return [T('log.wounded', { name: n(e.seat), wounds: e.wounds, context: ctx(e.seat) })];
    case 'duel_abandoned':
      return [T('log.duelAbandoned')];
    case 'crashed': {
      const stopped = e.stopped;
      const key = stopped === 'duel' ? 'log.crashedDuel' : stopped === 'standoff' ? 'log.crashedStandoff' : 'log.crashed';
      return [T(key, { name: n(e.seat), target: name(e.target), cards: T(`cardsColour.${e.gun}`), context: ctx(e.seat) })];
    }
    case 'end_triggered': {
      const reason = T(e.reason === 'loot' ? 'log.endLoot' : 'log.endWounds', { name: n(e.seat), context: ctx(e.seat) });
      const after = e.endAfter;
      return [T('log.endAfter', { reason, name: n(after), context: ctx(after) })];
    }
    case 'timed_out':
      return [T('log.timedOut', { name: name(e.seat) })];
    case 'game_over': {
      const { winners, scores } = e;
      const score = dollars(scores[winners[0]] ?? 0);
      if (winners.length === 1) return [T('log.gameOver', { names: n(winners[0]), score, context: ctx(winners[0]) })];
      return [T('log.gameOverShared', { names: listNames(winners.map(name)), score })];
    }
    default:
      return describeSpecial(e, me, seatName);
  }
}

/** Log sentences of the special symbols and What the Wind Brings. */
function describeSpecial(e: SaloonEvent, me: number, seatName: (seat: number) => string): string[] {
  const { n, name, Name, ctx } = namesFor(me, seatName);
  const names = (seats: readonly number[]) => listNames(seats.map(name));
  const windName = (kind: Saloon.WindKind) => T(`wind.${kind}`);
  switch (e.type) {
    case 'wanted_alive':
      // ("{{target}}'s whole Bounty" takes a name, never "you" ("you's"): the target has a sentence of its own, atMe)
      return [T(e.answer ? 'log.wantedAnswer' : 'log.wantedTurn', { name: n(e.seat), target: n(e.target), context: youContext(me, e.seat, e.target) })];
    case 'i_am_the_law':
      return [T('log.law', { name: n(e.seat), threatener: n(e.threatener), amount: e.amount, context: ctx(e.seat) })];
    case 'law_won_duel':
      return [T('log.lawWonDuel', { name: n(e.seat), amount: e.amount, context: ctx(e.seat) })];
    case 'escaped': {
      const r = e.result;
      if (r === 'new_target') return [T('log.escapedTo', { name: n(e.seat), target: name(e.target ?? -1), context: ctx(e.seat) })];
      if (r === 'threatener_answers') return [T('log.escapedTwice', { name: n(e.seat), threatener: n(e.threatener), context: ctx(e.seat) })];
      return [T('log.escapedCancel', { name: n(e.seat), context: ctx(e.seat) })];
    }
    case 'nothing_to_lose':
      return [T('log.nothingToLose', { name: n(e.seat), targets: names(e.targets), context: ctx(e.seat) })];
    case 'truel_started':
      return [T('log.truelStarted', { desperado: n(e.desperado), others: names(e.others) })];
    case 'desperado_checked':
      return [T('log.desperadoChecked', { name: n(e.seat), cards: cards(e.cards) })];
    case 'truel_won':
      return [T('log.truelWon', { winners: names(e.winners), losers: names(e.losers), shooter: n(e.shooter) })];
    case 'truel_abandoned':
      return [T('log.truelAbandoned')];
    case 'i_dont_think_so':
      return [T('log.dontThinkSo', { name: n(e.seat), gun: T(`colour.${e.gun}`), target: name(e.target), context: ctx(e.seat) })];
    case 'standoff_ready':
      return [T('log.standoffReady', { judge: n(e.judge), names: names(e.seats) })];
    case 'judge_flipped':
      return [T('log.judgeFlipped', { judge: n(e.judge), cards: cards(e.cards) })];
    case 'standoff_won':
      return [T('log.standoffWon', { name: n(e.winner), hit: name(e.hit), context: ctx(e.winner) })];
    case 'standoff_ended':
      return [T(e.result === 'broken' ? 'log.standoffBroken' : 'log.standoffAbandoned')];
    case 'wind_drawn':
      return [
        T(e.held ? 'log.windHeld' : 'log.windDrawn', {
          name: Name(e.seat),
          event: windName(Saloon.windKind(e.card)),
        }),
      ];
    case 'wind_event':
      return [T('log.windEvent', { event: windName(e.kind) })];
    case 'hail_of_bullets':
      return [T('log.hail')];
    case 'bank_heist':
      return [T('log.heist')];
    case 'turkey':
      return [T('log.turkey', { name: Name(e.drawer) })];
    case 'turkey_flipped':
      return [T('log.turkeyFlipped', { cards: cards(e.cards) })];
    case 'turkey_shot':
      return [T('log.turkeyShot', { name: n(e.seat), drawer: name(e.drawer), context: ctx(e.seat) })];
    case 'turkey_escaped':
      return [T('log.turkeyEscaped')];
    case 'wound_discarded':
      return [T('log.woundDiscarded', { name: n(e.seat), context: ctx(e.seat) })];
    case 'showdown_at_noon':
      return [T(e.standoff ? 'log.noonStandoff' : 'log.noon', { names: names(e.seats) })];
    case 'wind_shuffled_back':
      return [T('log.windBack', { count: e.cards.length })];
    default:
      return [];
  }
}
