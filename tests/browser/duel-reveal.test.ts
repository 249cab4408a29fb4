/**
 * Duel on real screens (issue 12), its reveal in time: a reveal stays on the table long enough to read (1.5 s) before
 * anyone's next card shows (a reveal coming meanwhile waits its turn), the previous round's cards leave the table, and
 * under prefers-reduced-motion nothing moves (bots' wait: duel-bots.test.ts). Every test here samples the table frame
 * by frame (a hold in ms, or the layouts drawn while the cards turn up): this is one of the timed files that `npm test`
 * runs alone (scripts/test.mjs). "HIT!" covering no label on a phone, which measures no time, is in duel-hit.test.ts.
 * People play chosen cards through the action bar; the scene is read through its test hook
 * (`window.__tumbleweedScene.bounds()`, packages/client/src/scenes/pixi.ts).
 * Needs `npm run build` first.
 */
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, shot, useStack } from '../support/browser';
import { atATableOn, click, type Hooked } from '../support/duel-table';
import { layoutProblems, measure, type SceneBounds } from '../support/screens';

jest.setTimeout(120_000);

/** Duel.REVEAL_HOLD_MS: how long a reveal stays on the table before the next cards show. */
const HOLD_MS = 1500;

// Quick bots: whatever holds them back after a reveal is Duel's own wait, not the table's base delay.
const stack = useStack({ BOT_DELAY_MS: '50', LIMIT_CREATES_PER_MINUTE: '0' });
const atATable = atATableOn(stack);

/** The cards lying on the table (not in my hand strip), and which of them are face down (a back shows a ★). */
function tableCards(b: SceneBounds): { faces: number; backs: number } {
  const cards = b.items.flatMap((it, i) => (it.kind === 'card' && it.parent === -1 ? [i] : []));
  const backs = cards.filter((i) => b.items.some((it) => it.kind === 'text' && it.label === '★' && it.parent === i)).length;
  return { faces: cards.length - backs, backs };
}

interface Look {
  /** ms since watchReveal was called (the page's own clock). */
  at: number;
  faces: number;
  backs: number;
  /** The reveal's caption is on the table. */
  revealed: boolean;
  /** Which shootout's cards lie face up ("shootout 1"), '' when none. */
  caption: string;
  /** Where the table says the game is ("Round 1 · Shootout 1"), '' when it says nothing of it. */
  centre: string;
  /** Where everything is drawn, to compare two moments. */
  layout: string;
}

/**
 * Starts watching the page's table: every frame from now (`at`: ms since this call, the page's own clock) until `ms`
 * after the first frame that shows a reveal, what lies on the table. Call before the reveal; `looks()` waits for the
 * end and returns them. (Timing from the log's "cards up!" line was unreliable: on a loaded machine the scene may
 * start its hold 50 ms or more before the log line is added, or after it.)
 */
async function watchReveal(page: Page, ms: number): Promise<{ looks(): Promise<Look[]> }> {
  await page.evaluate((ms) => {
    const w = window as unknown as Hooked & { looks?: Look[]; looked?: boolean };
    w.looks = [];
    w.looked = false;
    const from = performance.now();
    let revealedAt: number | null = null;
    const step = () => {
      const now = performance.now();
      const b = w.__tumbleweedScene?.bounds();
      if (b) {
        const cards = b.items.flatMap((it, i) => (it.kind === 'card' && it.parent === -1 ? [i] : []));
        const backs = cards.filter((i) => b.items.some((it) => it.kind === 'text' && it.label === '★' && it.parent === i)).length;
        w.looks?.push({
          at: Math.round(now - from),
          faces: cards.length - backs,
          backs,
          revealed: b.items.some((i) => i.kind === 'text' && /^shootout \d/.test(i.label)),
          caption: b.items.find((i) => i.kind === 'text' && /^shootout \d/.test(i.label))?.label ?? '',
          centre: /^Round \d+ · Shootout \d+/.exec(b.items.find((i) => i.kind === 'text' && /^Round \d/.test(i.label))?.label ?? '')?.[0] ?? '',
          layout: JSON.stringify(b.items.map((i) => [i.kind, i.label, Math.round(i.x), Math.round(i.y), Math.round(i.width), Math.round(i.height)])),
        });
        if (revealedAt === null && w.looks?.[w.looks.length - 1]?.revealed) revealedAt = now;
      }
      if (revealedAt === null || now - revealedAt < ms) requestAnimationFrame(step);
      else w.looked = true;
    };
    step();
  }, ms);
  return {
    async looks() {
      await page.waitForFunction(() => (window as unknown as { looked?: boolean }).looked === true, undefined, { timeout: 30_000 });
      return page.evaluate(() => (window as unknown as { looks: Look[] }).looks);
    },
  };
}

const bounds = async (page: Page): Promise<SceneBounds> => {
  const b = await page.evaluate(() => (window as unknown as Hooked).__tumbleweedScene?.bounds());
  if (!b) throw new Error('no scene on the page');
  return b;
};

test('a reveal stays on the table 1.5 s while the next card is already placed, and the next round starts with a clear table', async () => {
  const { folks, pages } = await atATable([
    { name: 'Ann', options: DESKTOP },
    { name: 'Bob', options: { ...PHONE, deviceScaleFactor: 2 } },
  ]);
  const [ann, bob] = pages;
  try {
    const watching = await watchReveal(ann, HOLD_MS + 200);
    // Ann shoots Bob while he reloads: Bob is hit, Ann takes round 1 and round 2 begins at once.
    await click(ann, 'Play Pistol');
    await click(ann, 'Aim at Bob');
    await click(bob, 'Play Reload');
    // Bob places his card for round 2 as soon as he can, while the reveal is still on everyone's screen.
    await click(bob, 'Play Barricade');
    const looks = await watching.looks();
    // Ann's table until 1.5 s after the reveal: both revealed cards, face up; Bob's new card (face down) not yet.
    // The reveal was drawn between the last frame sampled without it and the first with it (with software rendering
    // a frame can take 50–100 ms): its hold counts from that earlier frame.
    const shown = looks.findIndex((l) => l.revealed);
    expect(shown).toBeGreaterThan(0);
    const drawnAfter = looks[shown - 1].at;
    const held = looks.slice(shown).filter((l) => l.at < drawnAfter + HOLD_MS - 20);
    expect(held.filter((l) => l.backs > 0).map((l) => `${l.at} ms: ${l.backs} face down`)).toEqual([]);
    expect(held.filter((l) => l.faces !== 2 || !l.revealed).map((l) => `${l.at} ms: ${l.faces} face up`)).toEqual([]);
    // Held, the table says the shootout its cards are from, though the state is in round 2 (the old client: "Round 2 ·
    // Shootout 1" over round 1's cards and Bob's HIT!, his heart back).
    expect(held.filter((l) => l.centre !== 'Round 1 · Shootout 1').map((l) => `${l.at} ms: ${l.centre}`)).toEqual([]);

    // After the hold: round 2's table. Ann has not played yet: only Bob's card lies there, face down; round 1's are gone.
    await ann
      .waitForFunction(
        () => {
          const b = (window as unknown as Hooked).__tumbleweedScene?.bounds();
          return !!b && !b.items.some((i) => i.kind === 'text' && /^shootout \d/.test(i.label)) && b.items.some((i) => i.label === '★');
        },
        undefined,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    const after = await bounds(ann);
    await shot(ann, 'duel-reveal-round2-desktop');
    expect(after.items.filter((i) => i.kind === 'text' && /^shootout \d/.test(i.label)).map((i) => i.label)).toEqual([]);
    expect(tableCards(after)).toEqual({ faces: 0, backs: 1 });
    expect(after.items.filter((i) => i.kind === 'text' && /^Round \d/.test(i.label)).map((i) => i.label.split('\n')[0])).toEqual(['Round 2 · Shootout 1']);
    expect(layoutProblems(await measure(ann), 1)).toEqual([]);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('a reveal that comes while another is held waits its turn: each stays 1.5 s', async () => {
  const { folks, pages } = await atATable([
    { name: 'Ann', options: DESKTOP },
    { name: 'Bob', options: DESKTOP },
  ]);
  const [ann, bob] = pages;
  try {
    const watching = await watchReveal(ann, 2 * HOLD_MS + 1000);
    await click(ann, 'Play Barricade');
    await click(bob, 'Play Barricade');
    // Shootout 2 at once, both together, while shootout 1 is still held on the screens.
    await Promise.all([click(ann, 'Play Pistol'), click(bob, 'Play Pistol')]);
    await Promise.all([click(ann, 'Aim at Bob'), click(bob, 'Aim at Ann')]);
    const all = await watching.looks();
    const shown = all.findIndex((l) => l.revealed);
    expect(shown).toBeGreaterThanOrEqual(0);
    const looks = all.slice(shown).filter((l) => l.revealed);
    // The reveal was drawn between the last frame sampled without it and the first with it (with software rendering
    // a frame can take 50–100 ms): its hold counts from that earlier frame, not from whenever the next sample ran.
    const drawnAfter = shown > 0 ? all[shown - 1].at : 0;
    const second = looks.find((l) => l.caption === 'shootout 2');
    expect(looks[0].caption).toBe('shootout 1');
    expect(looks.filter((l) => l.at < drawnAfter + HOLD_MS - 20 && l.caption !== 'shootout 1').map((l) => `${l.at} ms: ${l.caption}`)).toEqual([]);
    expect(second).toBeDefined();
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('cards turn up with motion, and with prefers-reduced-motion the table is at rest the moment it is drawn', async () => {
  const { folks, pages } = await atATable([
    { name: 'Ann', options: { ...DESKTOP, reducedMotion: 'reduce' } },
    { name: 'Bob', options: { ...PHONE, reducedMotion: 'no-preference' } },
  ]);
  const [ann, bob] = pages;
  try {
    const watching = await Promise.all([watchReveal(ann, 1200), watchReveal(bob, 1200)]);
    // Ann fires at Bob behind his barricade: the cards turn up, an arrow flies, nobody is hit; nobody plays on.
    await click(ann, 'Play Pistol');
    await click(ann, 'Aim at Bob');
    await click(bob, 'Play Barricade');
    const [annLooks, bobLooks] = await Promise.all(watching.map((w) => w.looks()));
    const layouts = (looks: Look[]) => new Set(looks.filter((l) => l.revealed).map((l) => l.layout));
    expect(layouts(bobLooks).size).toBeGreaterThan(1); // moving: the cards turn up one after the other
    expect(layouts(annLooks).size).toBe(1); // reduced motion: everything drawn where it ends, at once
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
