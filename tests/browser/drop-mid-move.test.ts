/**
 * A phone's connection drops for a moment mid-game (a tunnel, a lift, a switch from Wi-Fi to mobile data): the page
 * says "Reconnecting…" and takes its seat back in the same room. A card played in that moment (its key on the action
 * bar, a tap on the felt) cannot reach the server; once back, the page must send it again — not wait for an answer to
 * a move that was never sent (the table would wait for that player for good, with no turn timer), nor ask for the
 * choice the player made already. (dead-network.test.ts: the same when the network dies without a word.)
 * Needs `npm run build` first.
 */
import { DESKTOP, DUEL_PLAY, people, useStack } from '../support/browser';
import { createTable, until } from '../support/table';

jest.setTimeout(60_000);
const stack = useStack({ BOT_DELAY_MS: '100' });

test('a card played while the page reconnects is played once it is back', async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Pat', { ...DESKTOP, locale: 'en-US' });
    // The page's sockets, to cut its connection as a network would (the server keeps the seat).
    await page.addInitScript(() => {
      const sockets: WebSocket[] = [];
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          sockets.push(this);
        }
      };
      (window as unknown as { __dropConnection: () => void }).__dropConnection = () => sockets.forEach((s) => s.close(4999));
    });
    await createTable(page, stack().base, /Duel/, 2, 1);
    const plays = page.locator('.actions').getByRole('button', { name: DUEL_PLAY });
    await until('cards to play', async () => (await plays.count()) > 0);
    const offered = await plays.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''));
    // (a card that needs no target: sent at once)
    const plain = offered.findIndex((c) => /Barricade|Reload/.test(c));
    expect(plain).toBeGreaterThanOrEqual(0);

    // The connection drops as the card is tapped: the socket is closing, the card goes nowhere, the page reconnects.
    const sent = await page.evaluate((label) => {
      (window as unknown as { __dropConnection: () => void }).__dropConnection();
      const button = [...document.querySelectorAll<HTMLButtonElement>('.actions button')].find(
        (b) => (b.getAttribute('aria-label') ?? b.textContent) === label,
      );
      button?.click();
      return document.querySelector('.actions')?.textContent ?? '';
    }, offered[plain]);
    expect(sent).toContain('Placing your card');

    // (back: its log says so — the page may not yet have noticed the drop when this starts, and was then not offline)
    await until(
      'the page back at its table',
      async () => (await page.locator('.table-page.offline').count()) === 0 && ((await page.getByRole('log').textContent()) ?? '').includes('Reconnected.'),
      20_000,
    );
    // Played once, and the game goes on: the next shootout's cards (the bot answered the card).
    await until('the card placed', async () => /You placed /.test((await page.getByRole('log').textContent()) ?? ''), 5_000);
    const card = offered[plain].replace(/^Play /, '');
    await until('the shootout revealed', async () => /cards up!/.test((await page.getByRole('log').textContent()) ?? ''), 10_000);
    expect(await page.getByTestId('status').textContent()).not.toContain('Reconnecting');
    const log = (await page.getByRole('log').textContent()) ?? '';
    expect(log.match(/You placed /g)).toEqual([`You placed `]);
    expect(log).toMatch(new RegExp(`You placed an? ${card.toLowerCase()} face down\\.`));
    expect(log).toContain('Reconnected.');
    expect(log).toContain('Your move hadn’t reached the table — sent again.');
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
