/**
 * The load test's baseline (issue 16): our engine's Duel inside a boardgame.io 0.50.2 `Game`, so that boardgame.io's
 * server runs the very rules ours runs and the difference measured is the framework's.
 *
 *  - setup: the engine's `setup`, its options from the match's setupData (the table options: `{ target }`), its seed
 *    drawn from boardgame.io's seeded `random` (ours draws a fresh seed per table too);
 *  - one move, `intent`: the engine's `apply` for the sending seat, INVALID_MOVE when the engine refuses it. Duel's
 *    seats commit at the same time, so every seat is active all game (ActivePlayers.ALL) and the engine decides who
 *    may act; the move is `ignoreStaleStateID` (the other seat's commit, applied meanwhile, does not void it),
 *    `client: false` (a client holds a view, not the state, and cannot run the rules) and `redact: true` (the log
 *    sent to the other seat does not show the card committed face down);
 *  - endIf: the engine's outcome; playerView: the engine's `view` of the seat (a spectator's without one), exactly
 *    what our server sends each seat;
 *  - undo off: it means nothing here (the engine has no take-back), and with it each move would keep a copy of the
 *    whole state for the turn, which never ends.
 */
import { ActivePlayers, INVALID_MOVE } from 'boardgame.io/core';
import type { Ctx, Game } from 'boardgame.io';
import { duel, isError, Rng, type Duel } from '@tumbleweed/engine';

/** The game's name on boardgame.io's server: its Lobby API path (`/games/duel/…`) and socket.io namespace. */
export const BGIO_DUEL = 'duel';

type State = Duel.DuelState;
/** What the Lobby API's create carries as setupData: the table options, as our server's create does. */
export type BgioSetupData = Partial<Duel.DuelOptions> | undefined;

const seatOf = (playerID: string | null | undefined): number | null => (playerID === null || playerID === undefined ? null : Number(playerID));

export const bgioDuel: Game<State, Record<string, unknown>, BgioSetupData> = {
  name: BGIO_DUEL,
  minPlayers: duel.minSeats,
  maxPlayers: duel.maxSeats,
  disableUndo: true,
  validateSetupData: (data) => {
    const options = duel.options(data);
    return 'error' in options ? options.error.message : undefined;
  },
  setup: ({ ctx, random }: { ctx: Ctx; random: { Number(): number } }, data?: BgioSetupData) => {
    const options = duel.options(data);
    if ('error' in options) throw new Error(options.error.message); // validateSetupData refused it at create already
    return duel.setup({ seats: ctx.numPlayers, options }, Rng.fromSeed(Math.floor(random.Number() * Number.MAX_SAFE_INTEGER)));
  },
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    intent: {
      move: ({ G, playerID }, intent: Duel.DuelIntent) => {
        const result = duel.apply(G, Number(playerID), intent, Date.now());
        return isError(result) ? INVALID_MOVE : result.state;
      },
      client: false,
      redact: true,
      ignoreStaleStateID: true,
    },
  },
  endIf: ({ G }) => duel.outcome(G) ?? undefined,
  playerView: ({ G, playerID }) => duel.view(G, seatOf(playerID)),
};
