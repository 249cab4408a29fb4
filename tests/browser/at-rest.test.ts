/**
 * A table at rest costs the player's device nothing: while a game waits on the player (no turn timer), the page asks
 * the browser for no animation frames, so a phone left on the table does not drain its battery (issue 16). Pixi's
 * system ticker would otherwise keep a requestAnimationFrame loop at 60 frames a second (about a tenth of a core
 * here, where Chromium draws without a GPU). When something moves again, the frames come back. Nor does the page keep
 * a sound device running on silence: a few seconds after a move's sounds, its AudioContext is suspended.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import type { Page } from 'playwright-core';
import { people, phone, useStack } from '../support/browser';
import { actionButton, createTable, until } from '../support/table';

jest.setTimeout(90_000);

const stack = useStack({ BOT_DELAY_MS: '50' });

/** Counts the animation frames the page runs (each requestAnimationFrame callback), from before its own scripts. */
async function countFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __frames: number };
    w.__frames = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) =>
      raf((t) => {
        w.__frames += 1;
        cb(t);
      });
  });
}
/** Keeps every AudioContext the page makes, to read their states. */
async function watchSound(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __sounds: AudioContext[] };
    w.__sounds = [];
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        w.__sounds.push(this);
      }
    };
  });
}
const soundStates = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __sounds: AudioContext[] }).__sounds.map((a) => a.state));

const frames = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __frames: number }).__frames);

/** The frames the page runs in `ms`. */
async function framesIn(page: Page, ms: number): Promise<number> {
  const before = await frames(page);
  await page.waitForTimeout(ms);
  return (await frames(page)) - before;
}

/**
 * Each game at a moment it waits on the player, and the clicks of a move that sets cards moving; `sounds`: the move
 * makes a sound (Duel: a card committed clicks, its reveal bangs). (A card that needs no target: a gun only opens
 * its aim, commits nothing and makes no sound — the test then heard the bot's card or nothing, as the bot's timing
 * fell: a slow CI run waited 10 s for a sound.)
 */
const MOVES: { game: RegExp; waiting: RegExp; move: RegExp[]; sounds?: true }[] = [
  { game: /Duel/, waiting: /^Pick your card/, move: [/^Play (Barricade|Reload)$/], sounds: true },
  { game: /Rattlesnake/, waiting: /^Your turn/, move: [/^Attack$/, /\(\d+\)$/, /^Commit 1 card$/] },
  { game: /Saloon/, waiting: /^Your turn/, move: [/^Draw from deck$/] },
];
/** (the title says what more is checked where the move makes a sound) */
const GAMES = MOVES.map((g) => ({ ...g, also: g.sounds ? ', and a few seconds after its sounds no sound device runs' : '' }));

test.each(GAMES)('$game waiting on the player: no animation frames; a move brings them back$also', async ({ game, waiting, move, sounds }) => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Pat', phone(390, 844, 3));
    await countFrames(page);
    await watchSound(page);
    await createTable(page, stack().base, game, 2, 1);
    const status = page.getByTestId('status');
    // (a bot that starts a Rattlesnake game may ask first: its Scout or its attack waits on this player's answer)
    const answer = actionButton(page, /^(Allow|Pass|Put back |Commit no cards$)/).first();
    await until(
      `"${waiting.source}" on the status bar`,
      async () => waiting.test((await status.textContent()) ?? '') || ((await answer.count()) > 0 && (await answer.click({ timeout: 3000 }), false)),
      30_000,
    );
    // The last deal or the bot's move has finished sliding in: a quarter second without a frame.
    await until('the scene to come to rest', async () => (await framesIn(page, 250)) === 0, 10_000);
    const atRest = await framesIn(page, 2000);
    expect(atRest).toBeLessThan(5);

    // The player moves: the scene animates again (the frames were not simply gone).
    const before = await frames(page);
    for (const click of move) await actionButton(page, click).first().click();
    await until('frames after the move', async () => (await frames(page)) - before >= 5, 5000);

    // The move's sounds played; a few seconds after the last one, the page lets the sound device go (a running
    // AudioContext keeps a phone's audio output working on silence).
    if (sounds) {
      await until('a sound', async () => (await soundStates(page)).includes('running'), 10_000);
      await until('the sound device let go', async () => (await soundStates(page)).every((s) => s === 'suspended'), 10_000);
    }
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
