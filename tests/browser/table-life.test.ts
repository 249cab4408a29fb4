/**
 * Table life in real browsers: a refresh mid-game keeps the seat, host controls, a spectator and the count,
 * play again after a finished game, the game log download, quick chat, readable join errors, a phone screenshot; the
 * page before the table's state arrives, and the waiting room of a table waiting for its players.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, DUEL_AIM as AIM, DUEL_PLAY as PLAY, people, PHONE, readQr, screenPixels, shot, useStack, type People } from '../support/browser';
import { sceneTexts } from '../support/duel-table';
import { boxOf, until, waitingRoom } from '../support/table';

/** Colyseus' message code of a room's whole state (colyseus.js Protocol.ROOM_STATE), the first byte of its frame. */
const ROOM_STATE = 14;

jest.setTimeout(180_000);

const stack = useStack({ BOT_DELAY_MS: '50' });

/** Clicks one legal move (an enabled card, and a target for a gun) if there is one; true when it clicked. */
async function moveOnce(page: Page): Promise<boolean> {
  try {
    const aims = page.getByRole('button', { name: AIM, disabled: false });
    const aimCount = await aims.count();
    if (aimCount > 0) {
      await aims.nth(Math.floor(Math.random() * aimCount)).click({ timeout: 3000 });
      return true;
    }
    const plays = page.getByRole('button', { name: PLAY, disabled: false });
    const playCount = await plays.count();
    if (playCount > 0) {
      await plays.nth(Math.floor(Math.random() * playCount)).click({ timeout: 3000 });
      return true;
    }
  } catch {
    // redrawn under the pointer; look again
  }
  return false;
}

async function playUntilWinner(page: Page, who: string, deadline: number): Promise<string> {
  const banner = page.getByTestId('winner');
  while (Date.now() < deadline) {
    if (await banner.isVisible()) return (await banner.textContent()) ?? '';
    if (!(await moveOnce(page))) await page.waitForTimeout(60);
  }
  await shot(page, `table-life-${who.toLowerCase()}-stuck`);
  throw new Error(`${who}: no winner before the deadline`);
}

async function createTable(page: Page, name: string, seats: number, bots: number, target = 3): Promise<string> {
  await page.goto(`${stack().base}/`);
  await page.getByLabel('Your name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: /Duel/ }).check();
  await page.getByLabel('Seats', { exact: true }).selectOption(String(seats));
  await page.getByLabel('Bots', { exact: true }).selectOption(String(bots));
  await page.getByLabel('Target money', { exact: true }).selectOption(String(target));
  await page.getByLabel('Turn timer', { exact: true }).selectOption('0');
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.waitForURL(/#\/table\/[A-Z0-9]{5}$/);
  return ((await page.getByTestId('table-code').textContent()) ?? '').trim();
}

async function joinTable(page: Page, code: string, name: string, watch = false): Promise<void> {
  await page.goto(`${stack().base}/#/join/${code}`);
  await page.getByLabel('Your name', { exact: true }).fill(name);
  await page.getByRole('button', { name: watch ? 'Watch' : 'Join', exact: true }).click();
  await page.waitForURL(new RegExp(`#/table/${code}$`));
}

/** The scene's background (pixi.ts), under everything a scene draws. */
const WOOD = '5b3a22';

/** The colour of the scene as it is on the screen (hex), in its middle or `corner`: 4 px inside its top left. */
async function sceneColour(page: Page, where: 'middle' | 'corner' = 'middle'): Promise<string> {
  const { width, height, data } = await screenPixels(page, page.locator('.scene canvas'));
  const [x, y] = where === 'middle' ? [Math.floor(width / 2), Math.floor(height / 2)] : [4, 4];
  const at = (y * width + x) * 4;
  return [...data.subarray(at, at + 3)].map((c) => c.toString(16).padStart(2, '0')).join('');
}

/** Whether `loc` is on the screen as it is, whole, without scrolling. */
async function onScreen(page: Page, loc: Locator): Promise<boolean> {
  const box = await loc.boundingBox();
  const vp = page.viewportSize();
  return !!box && !!vp && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height && box.x + box.width <= vp.width;
}

const seatText = (page: Page, who: string) => page.locator('.seats li', { hasText: who }).first().textContent();

let folks: People;
let errors: string[] = [];
beforeAll(() => {
  folks = people(stack().browser);
  errors = folks.errors;
});
const newPage = (who: string, mobile = false): Promise<Page> => folks.open(who, { ...(mobile ? PHONE : DESKTOP), acceptDownloads: true });

afterEach(async () => {
  await folks.close();
});

test('a refresh mid-game keeps the seat; chat; game log; play again starts a new game', async () => {
  errors.length = 0;
  const ann = await newPage('Ann');
  const bob = await newPage('Bob');
  const code = await createTable(ann, 'Ann', 2, 0);
  await joinTable(bob, code, 'Bob');

  // The game is on: Bob can move.
  await until('Bob’s first card buttons', async () => (await bob.getByRole('button', { name: PLAY }).count()) > 0);

  // Quick chat: Ann says howdy; Bob reads it in the log; Ann's row rests for 2 s.
  const howdy = ann.getByRole('button', { name: 'Say: Howdy!' });
  await howdy.click();
  await expect(howdy.isDisabled()).resolves.toBe(true);
  await until('the chat line at Bob', async () => (await bob.locator('.log').textContent())?.includes('Ann: Howdy!') ?? false);
  // The emoji are pictures, the same on every device: this browser has no colour emoji font, and drew 🤠 and 💀 on
  // the buttons as empty boxes.
  await bob.getByRole('button', { name: 'Tip your hat' }).click();
  await until('the hat tipped at Ann', async () => (await ann.locator('.log li', { hasText: 'Bob: tips their hat' }).count()) > 0);
  const pictures = (where: Locator) =>
    where.evaluateAll((imgs) =>
      imgs.map((i) => ({ alt: (i as HTMLImageElement).alt, drawn: (i as HTMLImageElement).naturalWidth > 0, w: i.getBoundingClientRect().width })),
    );
  const faces = await pictures(bob.locator('.chat-row button.chat img.emoji'));
  const line = await pictures(ann.locator('.log li', { hasText: 'Bob: tips their hat' }).locator('img.emoji'));
  expect(faces.map((p) => p.alt)).toEqual(['🤠', '😂', '😠', '💀']);
  expect(line.map((p) => p.alt)).toEqual(['🤠']);
  expect([...faces, ...line].filter((p) => !p.drawn || p.w < 16)).toEqual([]);

  // Bob places a card (and aims a gun), then refreshes the page mid-game.
  await until('a card from Bob', () => moveOnce(bob));
  await until('Bob’s card down', async () => (await moveOnce(bob)) || ((await bob.locator('.actions').textContent()) ?? '').includes('Your card is down'));
  const bobSeatBefore = await bob.locator('.seats li.me').getAttribute('data-seat');
  let sawReconnecting = false;
  const watchAnn = (async () => {
    // Ann's seat list while Bob's page reloads
    const end = Date.now() + 8000;
    while (Date.now() < end && !sawReconnecting) {
      if ((await seatText(ann, 'Bob').catch(() => ''))?.includes('reconnecting')) sawReconnecting = true;
      else await ann.waitForTimeout(30);
    }
  })();
  await bob.reload();
  await bob.waitForURL(new RegExp(`#/table/${code}$`));
  await until(
    'Bob back at his seat',
    async () => (await bob.locator('.seats li.me').count()) === 1 && !(await bob.getByTestId('status').textContent())?.includes('Reconnecting'),
  );
  await watchAnn;
  console.log(`Ann saw Bob as reconnecting during the reload: ${sawReconnecting}`);
  await shot(bob, 'table-life-1-after-reload');
  expect(await bob.locator('.seats li.me').getAttribute('data-seat')).toBe(bobSeatBefore);
  expect(await bob.locator('.seats li.me .who').textContent()).toContain('Bob');
  expect(await bob.locator('.log').textContent()).toContain('back at your seat');
  // Ann saw Bob as reconnecting, or the game simply went on with Bob in his seat (a human, not a bot).
  const bobAtAnn = (await seatText(ann, 'Bob')) ?? '';
  expect(sawReconnecting || bobAtAnn.includes('human')).toBe(true);
  expect(bobAtAnn).not.toContain('bot');

  // Bob still plays by clicking: the game goes to the end ($3).
  const deadline = Date.now() + 120_000;
  const [annBanner, bobBanner] = await Promise.all([playUntilWinner(ann, 'Ann', deadline), playUntilWinner(bob, 'Bob', deadline)]);
  // One of them wins; the winner's page says "You win", the other's names the winner.
  expect([annBanner.trim(), bobBanner.trim()].sort()).toEqual(
    annBanner.trim() === 'You win with $3!' ? ['Ann wins with $3!', 'You win with $3!'] : ['Bob wins with $3!', 'You win with $3!'],
  );
  await until('Bob’s seat back to human', async () => !((await seatText(ann, 'Bob')) ?? '').includes('reconnecting'));

  // The game log (only after the game) is saved as tumbleweed-CODE.json.
  const [download] = await Promise.all([ann.waitForEvent('download'), ann.getByRole('button', { name: 'Download game log' }).click()]);
  expect(download.suggestedFilename()).toBe(`tumbleweed-${code}.json`);
  const file = await download.path();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { code: string; seed: string; steps: unknown[] };
  expect(saved.code).toBe(code);
  expect(saved.seed).toMatch(/^[0-9a-f]{64}$/); // the game's own 256-bit secret, published only now
  expect(saved.steps.length).toBeGreaterThan(0);

  // Play again: Ann asks, waits for Bob; Bob accepts; a new game starts with money back at $0.
  await ann.getByRole('button', { name: 'Play again' }).click();
  await until('Ann waiting for Bob', async () => ((await ann.getByTestId('rematch-note').textContent()) ?? '').includes('Waiting for Bob to accept'));
  await until('Bob sees Ann ready', async () => ((await seatText(bob, 'Ann')) ?? '').includes('ready'));
  await shot(ann, 'table-life-2-waiting-rematch');
  await bob.getByRole('button', { name: 'Play again' }).click();
  for (const p of [ann, bob]) {
    await until('the new game', async () => !(await p.getByTestId('winner').isVisible()) && (await p.getByRole('button', { name: PLAY }).count()) > 0);
    const money = await p.locator('.seats .money').allTextContents();
    expect(money).toEqual(['$0', '$0']);
    expect(await p.locator('.log').textContent()).toContain('A new game begins');
  }
  expect(errors).toEqual([]);
});

test('a table whose state is still on its way says it is joining; a waiting Duel draws no round 0', async () => {
  errors.length = 0;
  const fay = await newPage('Fay', true);
  // Fay's page holds the table's first state (and what follows it, in order) until the test lets it through: the page
  // is up, its code shown, and nothing of the table has arrived yet (a slow phone on a busy server). Playwright's own
  // WebSocket routing cannot carry colyseus.js' socket (it tries Node's constructor first), so the page's WebSocket
  // holds it back itself.
  await fay.addInitScript((roomState: number) => {
    const w = window as unknown as { __held: { phase: string; queue: (() => void)[] }; __release(): void };
    w.__held = { phase: 'before', queue: [] };
    w.__release = () => {
      w.__held.phase = 'through';
      for (const deliver of w.__held.queue.splice(0)) deliver();
    };
    class Held extends WebSocket {
      set onmessage(handler: ((ev: MessageEvent) => void) | null) {
        super.onmessage = (ev: MessageEvent) => {
          const first = ev.data instanceof ArrayBuffer ? new Uint8Array(ev.data)[0] : -1;
          if (w.__held.phase === 'before' && first === roomState) w.__held.phase = 'holding';
          if (w.__held.phase === 'holding') w.__held.queue.push(() => handler?.call(this, ev));
          else handler?.call(this, ev);
        };
      }
      get onmessage(): ((ev: MessageEvent) => void) | null {
        return super.onmessage;
      }
    }
    window.WebSocket = Held;
  }, ROOM_STATE);
  const phase = () => fay.evaluate(() => (window as unknown as { __held: { phase: string } }).__held.phase);
  const release = () => fay.evaluate(() => (window as unknown as { __release(): void }).__release());
  await createTable(fay, 'Fay', 2, 0);
  const status = fay.getByTestId('status');
  // (the page sent its JOIN_ROOM acknowledgement, and the server's answer, the whole state, is held)
  await until('the state held back', async () => (await phase()) === 'holding');
  await fay.waitForTimeout(300);
  expect(await status.textContent()).toBe('Joining the table…');
  // The action bar offers nothing and says nothing yet (it said "You are watching…" to a player about to sit).
  expect((await fay.locator('.actions').innerText()).trim()).toBe('');
  // Nor does the table draw a game that is not there ("Round 0 · Shootout 0", "First to $0 wins").
  const sceneWords = () => sceneTexts(fay);
  expect(await sceneWords()).toEqual([]);
  // The scene shows the table's wood, not a black rectangle (the colour of its middle, read off a screenshot).
  expect(await sceneColour(fay)).toBe(WOOD);
  await shot(fay, 'table-life-4-joining-390x844');
  await release();
  await until('the table', async () => ((await status.textContent()) ?? '').includes('Waiting for 1 more player — share the code'));
  // A table waiting for its players has no round yet either (it said "First to $0 wins"): the waiting room lies on the
  // table's wood.
  expect(await sceneWords()).toEqual([]);
  await until('the waiting room', () => waitingRoom(fay).isVisible());
  expect(await sceneColour(fay, 'corner')).toBe(WOOD);
  expect(errors).toEqual([]);
});

test('small phones: the waiting room shows how to join, who sits where and the host’s buttons; Share link; a friend types the code on the lobby’s first screen', async () => {
  errors.length = 0;
  // A 360×740 phone at a pixel ratio of 3: the scene takes the screen under the status bar, the players panel was below
  // it, out of sight, with Add bot and Start now (a host whose friend does not come had to think of scrolling).
  const gus = await folks.open('Gus', { ...PHONE, viewport: { width: 360, height: 740 }, deviceScaleFactor: 3 });
  // A phone's share sheet (the Web Share API; headless Chromium on Linux has none): what the page hands it is kept.
  await gus.addInitScript(() => {
    const w = window as unknown as { __shared: ShareData[] };
    w.__shared = [];
    Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void w.__shared.push(data) });
  });
  const hal = await newPage('Hal', true);
  const code = await createTable(gus, 'Gus', 3, 0);
  await until('the waiting room', () => waitingRoom(gus).isVisible());
  await gus.waitForTimeout(300);
  expect(await gus.evaluate(() => window.scrollY)).toBe(0);
  const seen = async (what: string, loc: Locator) => expect([what, await onScreen(gus, loc)]).toEqual([what, true]);
  // How friends join: a QR code of the join link (for a friend beside the host), the link itself, the code.
  const qr = waitingRoom(gus).getByRole('img', { name: /^QR code of the join link/ });
  await seen('the QR code', qr);
  expect(await readQr(gus, qr)).toBe(`${stack().base}/#/join/${code}`);
  expect(await waitingRoom(gus).textContent()).toContain(`${new URL(stack().base).host}/#/join/${code}`);
  // A screen reader spells the code, in the header and in the room (read as one word, "K7QMZ" is hard to type).
  const spelled = `Table code ${code.split('').join(' ')}`;
  expect(await gus.locator('.table-head').ariaSnapshot()).toContain(spelled);
  expect(await waitingRoom(gus).ariaSnapshot()).toContain(spelled);
  // Who sits where, and what the host can do about the open seats.
  await seen('Gus’s seat', waitingRoom(gus).locator('.seats li', { hasText: 'Gus (you)' }));
  expect(await waitingRoom(gus).locator('.seats li', { hasText: 'Open seat' }).count()).toBe(2);
  await seen('the last open seat', waitingRoom(gus).locator('.seats li', { hasText: 'Open seat' }).last());
  await seen('Add bot', waitingRoom(gus).getByRole('button', { name: 'Add bot' }));
  await seen('Start now', waitingRoom(gus).getByRole('button', { name: 'Start now (fill with bots)' }));
  // When the game starts (the action bar has nothing to offer yet).
  await seen('when the game starts', waitingRoom(gus).getByText('The game starts as soon as every seat is taken, or when you press Start now.'));
  await shot(gus, 'table-life-5-waiting-room-360x740');
  // On a phone the link's button opens the share sheet (a messaging app in two taps) instead of copying: in the waiting
  // room, beside the link, in sight (the header keeps its own in its menu on a phone held upright).
  const shareLink = gus.getByRole('button', { name: 'Share link', exact: true });
  await seen('Share link', waitingRoom(gus).getByRole('button', { name: 'Share link', exact: true }));
  await shareLink.click();
  expect(await gus.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared)).toEqual([
    { title: 'Tumbleweed: Duel', text: `Join my Duel table: code ${code}`, url: `${stack().base}/#/join/${code}` },
  ]);

  // A friend with the code alone (read off Gus's table) opens the lobby on his phone: where to type it is on his first
  // screen, not below the form that starts a table. He sits down: both see his seat taken; only the host has the
  // host's buttons.
  await hal.goto(`${stack().base}/`);
  const codeBox = hal.getByRole('textbox', { name: 'Table code' });
  await codeBox.waitFor();
  expect(await onScreen(hal, codeBox)).toBe(true);
  await hal.getByLabel('Your name', { exact: true }).fill('Hal');
  await codeBox.fill(code.toLowerCase());
  await hal.getByRole('button', { name: 'Join', exact: true }).click();
  await hal.waitForURL(new RegExp(`#/table/${code}$`));
  await until('Hal in Gus’s waiting room', async () => (await waitingRoom(gus).locator('.seats li', { hasText: 'Hal' }).count()) === 1);
  expect(await waitingRoom(gus).locator('.seats li', { hasText: 'Open seat' }).count()).toBe(1);
  await until('Hal’s waiting room', () => waitingRoom(hal).isVisible());
  expect(await waitingRoom(hal).locator('.seats li', { hasText: 'Hal (you)' }).count()).toBe(1);
  expect(await hal.getByRole('button', { name: 'Add bot' }).count()).toBe(0);
  expect(await waitingRoom(hal).getByText('The game starts as soon as every seat is taken, or when the host starts it with bots.').count()).toBe(1);

  // Start now: the game is dealt on the table, and the players panel goes back beside it (below it on the phone).
  await waitingRoom(gus).getByRole('button', { name: 'Start now (fill with bots)' }).click();
  for (const p of [gus, hal]) {
    await until('the cards', async () => (await p.getByRole('button', { name: PLAY }).count()) > 0);
    expect(await waitingRoom(p).count()).toBe(0);
    expect(await p.locator('.side .seats li[data-seat]').count()).toBe(3);
  }
  expect(await gus.locator('.seats li', { hasText: 'bot' }).count()).toBe(1);
  expect(errors).toEqual([]);
});

// Turned sideways (360–390 px of height) the room was one column as tall as two screens of felt: the seats and the
// host's buttons lay below, scrolled inside the table.
test('phones held sideways: the waiting room shows how to join, every seat and the host’s buttons on the screen, nothing to scroll', async () => {
  errors.length = 0;
  for (const [width, height] of [
    [740, 360],
    [844, 390],
  ]) {
    const ivy = await folks.open(`Ivy ${width}`, { ...PHONE, viewport: { width, height }, deviceScaleFactor: 3 });
    await createTable(ivy, 'Ivy', 3, 0);
    await until('the waiting room', () => waitingRoom(ivy).isVisible());
    await ivy.waitForTimeout(300);
    const room = waitingRoom(ivy);
    const seen = async (what: string, loc: Locator) => expect([width, what, await onScreen(ivy, loc)]).toEqual([width, what, true]);
    await seen('the QR code', room.getByRole('img', { name: /^QR code of the join link/ }));
    await seen('the code', room.locator('.wr-code'));
    await seen('Ivy’s seat', room.locator('.seats li', { hasText: 'Ivy (you)' }));
    await seen('the last open seat', room.locator('.seats li', { hasText: 'Open seat' }).last());
    await seen('Add bot', room.getByRole('button', { name: 'Add bot' }));
    await seen('Start now', room.getByRole('button', { name: 'Start now (fill with bots)' }));
    await seen('when the game starts', room.getByText('The game starts as soon as every seat is taken, or when you press Start now.'));
    // The room's card lies within the felt (it hung across the felt's frame and the empty action bar's under it).
    const [card, felt] = [await boxOf(ivy, '.wr-card'), await boxOf(ivy, '.scene')];
    expect([width, card && felt && card.y >= felt.y && card.bottom <= felt.bottom + 1 ? 'within the felt' : { card, felt }]).toEqual([
      width,
      'within the felt',
    ]);
    expect(await ivy.evaluate(() => [window.scrollY, ...[...document.querySelectorAll('.waiting-room')].map((e) => e.scrollHeight - e.clientHeight)])).toEqual([
      0, 0,
    ]);
    await shot(ivy, `table-life-6-waiting-room-${width}x${height}`);
    await ivy.close();
  }
  expect(errors).toEqual([]);
});

/** Whether the action bar shows, and how far (px) the felt ends above the bottom of the table (scene and bar). */
const watcherBar = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('.table-main')?.getBoundingClientRect();
    const scene = document.querySelector('.table-main > .scene')?.getBoundingClientRect();
    const bar = document.querySelector('.table-main > .actions')?.getBoundingClientRect();
    return { bar: !!bar && bar.height > 0, below: main && scene ? Math.max(0, Math.round(main.bottom - scene.bottom)) : -1 };
  });

// The host's tab closed while friends waited: nobody could start the game, add a bot or kick until her seat's grace
// period ran out (60 s). Her buttons now wait 10 s for her (the server's HOST_AWAY_SECONDS), then pass on.
test("the host's tab closes while the table waits: after a short while a friend at the table has the host's buttons, is told so, and starts the game", async () => {
  errors.length = 0;
  const ann = await newPage('Ann');
  const cat = await newPage('Cat', true);
  const code = await createTable(ann, 'Ann', 3, 0);
  await joinTable(cat, code, 'Cat');
  await until('Cat seated', async () => ((await seatText(cat, 'Cat')) ?? '').includes('(you)'));
  expect(await cat.getByRole('button', { name: 'Add bot' }).count()).toBe(0);
  const closed = Date.now();
  await ann.close();
  await until('Ann shown as reconnecting', async () => ((await seatText(cat, 'Ann')) ?? '').includes('reconnecting'));
  await until("Cat has the host's buttons", async () => (await cat.getByRole('button', { name: 'Start now (fill with bots)' }).count()) === 1, 20_000);
  const after = Date.now() - closed;
  expect(after).toBeGreaterThanOrEqual(9_000); // (a reload or a network change has that long to come back)
  expect(await cat.locator('.log li', { hasText: 'You are the host now.' }).count()).toBe(1);
  expect(await cat.locator('.waiting-room').textContent()).toContain('when you press Start now');
  await shot(cat, 'table-life-host-passed-390x844');
  await cat.getByRole('button', { name: 'Start now (fill with bots)' }).click();
  await until('the game on at Cat', async () => (await cat.getByRole('button', { name: PLAY }).count()) > 0);
  expect(errors).toEqual([]);
});

test('host adds a bot and starts now; a friend whose tab closed shows as reconnecting and is kicked; a spectator watches and is counted; readable join errors', async () => {
  errors.length = 0;
  const cid = await newPage('Cid');
  const dee = await newPage('Dee', true);
  const eve = await newPage('Eve');
  const code = await createTable(cid, 'Cid', 3, 0);

  // Eve sits down; the host moves her to the audience (only the host sees the buttons).
  await joinTable(eve, code, 'Eve');
  await expect(eve.getByRole('button', { name: 'Move Cid to audience' }).count()).resolves.toBe(0);
  await cid.getByRole('button', { name: 'Move Eve to audience' }).click();
  await until('Eve watching', async () => ((await cid.getByTestId('spectators').textContent()) ?? '').includes('1 watching'));
  expect(await cid.getByTestId('spectators').locator('img.emoji').getAttribute('alt')).toBe('👁');
  await until('Eve without a seat', async () => (await eve.locator('.seats li.me').count()) === 0);

  // A friend's tab closes while the table waits (a phone's browser killed, not Leave): her seat waits for her, marked
  // "reconnecting" for everyone, and the host may kick her to open it.
  const fay = await newPage('Fay', true);
  await joinTable(fay, code, 'Fay');
  const fayRow = cid.locator('.seats li', { hasText: 'Fay' });
  await until('Fay seated', async () => (await fayRow.count()) === 1);
  await fay.close();
  await until('Fay shown as reconnecting', async () => ((await fayRow.textContent()) ?? '').includes('reconnecting'));
  await cid.getByRole('button', { name: 'Kick Fay' }).click();
  await until('Fay’s seat open again', async () => (await fayRow.count()) === 0);

  // Host controls while waiting.
  await cid.getByRole('button', { name: 'Add bot' }).click();
  await until('a bot seat', async () => (await cid.locator('.seats .tag', { hasText: /^bot$/ }).count()) === 1);
  await expect(cid.getByRole('button', { name: /^Remove bot / }).count()).resolves.toBe(1);
  expect(await cid.getByTestId('status').textContent()).toContain('Waiting for 1 more player');

  // Dee watches (phone): both see the spectator count.
  await joinTable(dee, code, 'Dee', true);
  for (const p of [cid, dee]) await until('the spectator count', async () => ((await p.getByTestId('spectators').textContent()) ?? '').includes('2 watching'));
  await expect(dee.getByRole('button', { name: 'Add bot' }).count()).resolves.toBe(0);

  // Start now: the open seat gets a bot, the game begins.
  await cid.getByRole('button', { name: 'Start now (fill with bots)' }).click();
  await until('Cid’s cards', async () => (await cid.getByRole('button', { name: PLAY }).count()) > 0);
  await expect(cid.locator('.seats .tag', { hasText: /^bot$/ }).count()).resolves.toBe(2);
  await expect(cid.getByRole('button', { name: 'Add bot' }).count()).resolves.toBe(0);
  await until('Dee sees the game', async () => ((await dee.locator('.actions').textContent()) ?? '').includes('You are watching'));
  await dee.waitForTimeout(500);
  // With no move to offer a watcher, the action bar gives way: no empty frame under the felt, which reaches the bottom.
  expect(await watcherBar(dee)).toEqual({ bar: false, below: 0 });
  // The status bar says so (it said "Waiting for Cid…", as if to a player).
  expect(await dee.getByTestId('status').textContent()).toMatch(/^You are watching\. Waiting for Cid…/);
  await shot(dee, 'table-life-3-spectator-390x844');

  // A full table: a sentence and a way to watch instead (Eve leaves the audience for the join page first).
  await eve.goto(`${stack().base}/#/join/${code}`);
  await until('one watching', async () => ((await cid.getByTestId('spectators').textContent()) ?? '').includes('1 watching'));
  // The link's preview says so before she tries.
  await until('the table’s preview', async () => ((await eve.locator('.join .note').textContent()) ?? '') !== '');
  expect(await eve.locator('.join .note').textContent()).toMatch(new RegExp(`^Table ${code}: .+ — every seat is taken; you can watch\\.$`));
  await eve.getByRole('button', { name: 'Join', exact: true }).click();
  await until('the full-table message', async () =>
    ((await eve.locator('.join .error').textContent()) ?? '').includes('Every seat is taken — you can watch instead'),
  );
  await eve.getByRole('button', { name: 'Watch instead' }).click();
  await eve.waitForURL(new RegExp(`#/table/${code}$`));
  await until('two watching', async () => ((await cid.getByTestId('spectators').textContent()) ?? '').includes('2 watching'));
  await until('Eve sees the game', async () => ((await eve.locator('.actions').textContent()) ?? '').includes('You are watching'));
  expect(await watcherBar(eve)).toEqual({ bar: false, below: 0 });

  // An unknown code.
  await eve.goto(`${stack().base}/#/join/ZZZZZ`);
  await eve.getByRole('button', { name: 'Join', exact: true }).click();
  await until('the unknown-code message', async () => ((await eve.locator('.join .error').textContent()) ?? '').includes('No table with code ZZZZZ'));
  expect(errors).toEqual([]);
});
