/**
 * The TV view (#/tv/CODE) on a 1920×1080 and a 3840×2160 screen (Duel; Rattlesnake and Saloon on the first): laid out
 * for 1080p and scaled up on the larger one (its canvas drawn at twice the pixels, as sharp as the screen), the felt
 * drawn larger than a desktop's, the scene fills the screen with nothing of it cut, every seat shows, no scrolling; the table code is big and a
 * QR code beside it, read back from a screenshot of the screen, opens the table's join link. While the table waits for
 * its players, the TV shows the waiting room large: a QR code to scan across a room, and the seats. A TV that comes in
 * mid-game tells the game from its start in "What happened".
 * Screenshots: test-artifacts/tv-1080.png, tv-2160.png, tv-rattlesnake-1080.png, tv-saloon-1080.png, tv-waiting-1080.png. Needs `npm run build` first.
 */
import { DESKTOP, people, readQr, shot, useStack } from '../support/browser';
import { addStoryLines, createTable, until, waitingRoom } from '../support/table';

jest.setTimeout(120_000);

const stack = useStack({ BOT_DELAY_MS: '300', LIMIT_CREATES_PER_MINUTE: '0' });
test.each([
  ['Duel', 3, 1920, 1080],
  ['Duel', 3, 3840, 2160],
  ['Rattlesnake', 2, 1920, 1080],
  ['Saloon Showdown', 4, 1920, 1080],
])(
  'the TV view of %s (%i seats) on a %i×%i screen: the table fills it, nothing cut, names read across a room, a big code and a QR code that opens the join link',
  async (game, seats, width, height) => {
    const folks = people(stack().browser);
    try {
      const host = await folks.open('Pat', { ...DESKTOP, locale: 'en-US' });
      const code = await createTable(host, stack().base, new RegExp(`^${game}`), seats, seats - 1);
      await until('the game under way', async () => (await host.locator('.actions button:enabled').count()) > 0, 30_000);

      const tv = await folks.open('TV', { viewport: { width, height }, locale: 'en-US' });
      await tv.goto(`${stack().base}/#/tv/${code}`);
      await until('the TV view', async () => (await tv.locator('.table-page.tv .scene canvas').count()) === 1, 20_000);
      await until('the scene drawn', () => tv.evaluate(() => !!window.__tumbleweedScene && window.__tumbleweedScene.bounds().items.length > 5));
      await tv.waitForTimeout(600);
      await shot(tv, game === 'Duel' ? `tv-${height}` : `tv-${game.split(' ')[0].toLowerCase()}-${height}`);

      // Its "What happened" tells the game from the start, though the TV came in the middle of it.
      const story = await tv.getByRole('log', { name: 'What happened' }).locator('li').allTextContents();
      expect(story.slice(0, 2)).toEqual(expect.arrayContaining(['Pat sat down.']));
      expect(story).toContain('Every seat is taken — the game begins!');

      // The join link, read from the screen.
      expect(await readQr(tv, tv.getByTestId('tv-qr'))).toBe(`${stack().base}/#/join/${code}`);
      const qr = await tv.getByTestId('tv-qr').boundingBox();
      expect(qr && qr.width >= 120 * (height / 1080) * 0.9).toBe(true);

      // A long game's story (forty more lines in "What happened"): the log scrolls within its place, the page does not.
      await addStoryLines(tv);
      const m = await tv.evaluate(() => {
        const hook = window.__tumbleweedScene;
        if (!hook) throw new Error('no scene');
        const b = hook.bounds();
        const codeBox = document.querySelector('[data-testid=table-code]')?.getBoundingClientRect();
        const seats = [...document.querySelectorAll('.seats li[data-seat]')].map((li) => li.getBoundingClientRect());
        // A seat whose money and life ("$0 ♥ standing") are not read on one line: one part under the other, or "♥"
        // apart from "standing".
        const splitStats = [...document.querySelectorAll('.seats li[data-seat]')]
          .filter((li) => {
            const parts = [...li.querySelectorAll('.money, .life')];
            const lines = new Set(parts.flatMap((e) => [...e.getClientRects()].map((r) => Math.round(r.bottom))));
            return lines.size > 1;
          })
          .map((li) => li.textContent ?? '');
        // Scene items against the scene's own size (its units, whatever the page's zoom).
        const cut = b.items
          .filter((i) => {
            const x = i.x - b.canvas.x;
            const y = i.y - b.canvas.y;
            return x < -1.5 || y < -1.5 || x + i.width > b.screen.width + 1.5 || y + i.height > b.screen.height + 1.5;
          })
          .map((i) => `${i.kind} ${i.label.slice(0, 30)}`);
        return {
          vw: window.innerWidth,
          vh: window.innerHeight,
          scroll: document.documentElement.scrollHeight - window.innerHeight,
          status: document.querySelector('[data-testid=status]')?.textContent ?? '',
          // The story's visible height, and how far it reaches (it scrolls within itself past that).
          log: (() => {
            const r = document.querySelector('.side .log')?.getBoundingClientRect();
            return r ? { height: r.height, bottom: r.bottom } : null;
          })(),
          canvas: b.canvas,
          codeHeight: codeBox?.height ?? 0,
          seatsOut: seats.filter((r) => r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1).length,
          seats: seats.length,
          splitStats,
          cut,
          resolution: b.resolution,
          // Words on the felt that speak to a player (a card's printed rules and the players' quoted words aside: "Do you
          // feel lucky?"): the TV is nobody's seat.
          toYou: b.items
            .filter((i) => i.kind === 'text' && b.items[i.parent]?.kind !== 'card' && /\byou(r)?\b/i.test(i.label.replace(/"[^"]*"/g, '')))
            .map((i) => i.label),
          textResolutions: b.textResolutions,
          // The players' names on the felt, in CSS pixels of the screen (the page's zoom included).
          names: b.items
            .filter((i) => i.kind === 'text' && /^(Pat|Calamity Kate|Dusty Pete|One-Eyed Jack)( ·| —| ★|$)/.test(i.label))
            .map((i) => i.height * (b.canvas.height / b.screen.height)),
        };
      });
      // As sharp as the screen: a scene zoomed ×2 on the 4K screen draws twice the pixels.
      expect(m.resolution).toBe(height / 1080);
      expect(m.textResolutions.filter((r) => r < m.resolution - 0.01)).toEqual([]);
      // The players' names read across a room: the felt laid out as a desktop's and drawn larger, its words with it
      // (a desktop's names are 16–20 px tall; on the 1080p TV they were 16–19 before the TV's felt was zoomed).
      expect(m.names.length).toBeGreaterThanOrEqual(seats);
      expect(Math.min(...m.names)).toBeGreaterThanOrEqual(22 * (height / 1080));
      expect(m.cut).toEqual([]);
      expect(m.toYou).toEqual([]);
      expect(m.status).toMatch(/^You are watching\. /);
      expect(m.scroll).toBeLessThanOrEqual(1);
      // …and it is read there: a good part of the column, down to the screen's bottom at most.
      expect(m.log && m.log.height >= 0.2 * m.vh && m.log.bottom <= m.vh + 1 ? 'readable' : m.log).toBe('readable');
      expect(m.seats).toBe(seats);
      expect(m.seatsOut).toBe(0);
      expect(m.splitStats).toEqual([]);
      // The scene fills the screen: on it entirely, and most of it.
      expect(m.canvas.x).toBeGreaterThanOrEqual(0);
      expect(m.canvas.y + m.canvas.height).toBeLessThanOrEqual(m.vh + 1);
      expect((m.canvas.width * m.canvas.height) / (m.vw * m.vh)).toBeGreaterThan(0.5);
      // A code readable across the room: at least 5% of the screen's height.
      expect(m.codeHeight).toBeGreaterThan(0.05 * m.vh);
      expect(folks.errors).toEqual([]);
    } finally {
      await folks.close();
    }
  },
);

test('the TV view of a table still waiting: a QR code large enough to scan across a room, the seats, and the game once it starts', async () => {
  const folks = people(stack().browser);
  try {
    const host = await folks.open('Pat', { ...DESKTOP, locale: 'en-US' });
    const code = await createTable(host, stack().base, /Duel/, 3, 1);
    const tv = await folks.open('TV', { viewport: { width: 1920, height: 1080 }, locale: 'en-US' });
    await tv.goto(`${stack().base}/#/tv/${code}`);
    const room = waitingRoom(tv);
    await until('the waiting room on the TV', () => room.isVisible(), 20_000);
    const qr = room.getByRole('img', { name: /^QR code of the join link/ });
    expect(await readQr(tv, qr)).toBe(`${stack().base}/#/join/${code}`);
    // (the header's QR code is 132 px: about 8 cm on a 55-inch screen)
    expect(((await qr.boundingBox())?.width ?? 0) >= 300).toBe(true);
    expect(await tv.getByTestId('tv-qr').isVisible()).toBe(false);
    expect(await room.locator('.seats li[data-seat]').allTextContents()).toEqual([
      expect.stringContaining('Pat'),
      expect.stringContaining('Open seat'),
      expect.stringContaining('bot'),
    ]);
    // A screen that watches has nothing to press.
    expect(await room.getByRole('button').count()).toBe(0);
    await shot(tv, 'tv-waiting-1080');

    // The last seat is taken: the game fills the screen, the header's QR code is back for latecomers to watch.
    const bob = await folks.open('Bob', DESKTOP);
    await bob.goto(`${stack().base}/#/join/${code}`);
    await bob.getByLabel('Your name', { exact: true }).fill('Bob');
    await bob.getByRole('button', { name: 'Join', exact: true }).click();
    await until('the game on the TV', async () => (await room.count()) === 0 && (await tv.getByTestId('tv-qr').isVisible()), 20_000);
    expect(await tv.locator('.side .seats li[data-seat]').count()).toBe(3);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
