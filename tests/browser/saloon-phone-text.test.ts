/**
 * Saloon Showdown's felt read on phones: the words a player must read there — each card's area and noise, its special
 * symbol's name ("The Law", "Escape on Horseback"), "no bullets", the players' Loot / Bounty / Wounds lines, the gun
 * legend with who holds each gun — drawn in a type size a player reads (in CSS pixels: the Text's size times the
 * scale the felt is drawn at, `fontSize` of the scene hook), whole (no "Escape on H…", no "Cala…"), with nothing on the
 * felt cut or on top of anything else (`layoutProblems`).
 *
 * A reviewer measured the felt held sideways at 844×390 with every one of its words under 11 px (the card's areas 8 px,
 * "no bullets" and the symbols 6.7 px), and at 360×640 the symbols at 7 px ("Fuga a Cavalo" 6.3 px).
 *
 * Ann sits at a 2-seat table with a bot (at four with three, on the smallest phone), dealt from a test seed where she
 * plays first and the cards she sees carry the longest words (Escape on Horseback, Wanted Alive, a card with no
 * bullets, a yellow card); her first decision is measured in English, then in Portuguese (the same deal).
 * Screenshots: test-artifacts/saloon-phone-text-<screen>-<lang>.png.
 * Needs `npm run build` first.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { Saloon } from '@tumbleweed/engine';
import { people, phone, shot, useStack } from '../support/browser';
import { layoutProblems, measure, type SceneRect, type Snapshot } from '../support/screens';
import { findSaloonSeed, hostSaloon, joinByCode } from '../support/saloon';
import { tableInPortuguese, until } from '../support/table';

jest.setTimeout(240_000);

const stack = useStack({ BOT_DELAY_MS: '60', ALLOW_TEST_SEED: '1' });

const OPTIONS = { threatSeconds: 30, simplified: false, russianRoulette: false };

/**
 * The screens and the least type size (CSS px) of the felt's words on each. A 360×640 phone's felt is the smallest
 * (340×~280 px under a bar of three rows): its floor is what its cards reach there, their four lines one size alike,
 * 9.0 px, held by the card's height (every other word ≥ 9.4 px; before, the symbols and "no bullets" 6.3 px, the areas
 * 8 px and the noises 7.6; 8.7 px with "Larger gun glyphs" on a fourth row of the bar, before it moved to the header).
 */
const SCREENS: { name: string; options: BrowserContextOptions; min: number; seats: number }[] = [
  { name: 'side844x390', options: phone(844, 390, 3), min: 10, seats: 2 },
  { name: 'phone390x844', options: phone(390, 844, 3), min: 10, seats: 2 },
  { name: 'phone360x640', options: phone(360, 640, 2), min: 9, seats: 2 },
  // Four players: the guns and the Bottle in the players' last row, beside the fourth (in Portuguese their even slots
  // of 45 px cut "Vermelho" to "Verme…").
  { name: 'phone360x640 at four', options: phone(360, 640, 2), min: 9, seats: 4 },
];

/** Ann (seat 0) plays first; she sees Escape on Horseback, Wanted Alive, a card with no bullets and a yellow card. */
function seed(seats: number): number {
  return findSaloonSeed(seats, OPTIONS, (s) => {
    const seen = [...s.players[0].hand, ...s.public].map((id) => Saloon.card(id));
    return (
      s.active === 0 &&
      seen.some((c) => c.symbol === 'escape') &&
      seen.some((c) => c.symbol === 'wanted') &&
      seen.some((c) => c.bullets === 0) &&
      seen.some((c) => c.colour === 'yellow')
    );
  });
}

/** A felt's text as measured: its words, its size in CSS px, and what holds it. */
interface Word {
  label: string;
  size: number;
  where: 'card' | 'box' | 'felt';
}

/**
 * The felt's words a player reads, with their type size: everything but the letters inside the guns' shapes (a sign,
 * read by its shape and colour: asMark).
 */
function words(snap: Snapshot): Word[] {
  const items = snap.scene.items;
  const holder = (t: SceneRect): SceneRect | undefined => items[t.parent];
  return items
    .filter((t) => t.kind === 'text' && holder(t)?.kind !== 'mark')
    .map((t) => {
      const h = holder(t);
      return {
        label: t.label,
        size: t.fontSize ?? 0,
        where: h?.kind === 'card' ? 'card' : h?.kind === 'box' ? 'box' : 'felt',
      };
    });
}

/** The measurements, one line per text, for a failure's message. */
const listed = (ws: Word[]): string => ws.map((w) => `  ${w.size.toFixed(2)}px ${w.where} "${w.label}"`).join('\n');

const enabledMoves = (page: Page) => page.locator('.actions button:enabled:not([data-setting])');

async function firstDecision(page: Page): Promise<void> {
  await until('my first decision', async () => (await enabledMoves(page).count()) > 0 && (await page.locator('.saloon-duelpanel').count()) === 0, 30_000);
}

test.each(SCREENS)(
  "Saloon's felt on a phone ($name): the cards', the players' and the guns' words at least $min px and whole, in English and Portuguese",
  async ({ name, options, min, seats }) => {
    const folks = people(stack().browser);
    const dpr = options.deviceScaleFactor ?? 1;
    const report: string[] = [];
    try {
      const page = await folks.open('Ann', { ...options, locale: 'en-US', reducedMotion: 'reduce' });
      const host = await hostSaloon(stack().base, seats, seats - 1, seed(seats), OPTIONS);
      try {
        await joinByCode(page, stack().base, 'Ann', host.code);
        for (const lang of ['en', 'pt-BR'] as const) {
          if (lang === 'pt-BR') {
            await tableInPortuguese(page);
          }
          await firstDecision(page);
          const snap = await measure(page);
          await shot(page, `saloon-phone-text-${name.replace(/ /g, '-')}-${lang}`);
          const ws = words(snap);
          const where = `${name} in ${lang}`;
          // (the felt was really drawn: the 4 public cards, the deck, my 3 cards)
          if (ws.filter((w) => w.where === 'card').length < 20) report.push(`${where}: only ${ws.length} words on the felt:\n${listed(ws)}`);
          const small = ws.filter((w) => w.size < min);
          if (small.length) report.push(`${where}: ${small.length} of ${ws.length} words under ${min}px:\n${listed(small)}`);
          // Whole words: a card's, a player's or the guns' line ending in "…" lost what a player reads it for.
          const cut = ws.filter((w) => w.label.endsWith('…') && !/^(No threat|Nenhuma ameaça)/.test(w.label));
          if (cut.length) report.push(`${where}: words cut short:\n${listed(cut)}`);
          report.push(...layoutProblems(snap, dpr).map((p) => `${where}: ${p}`));
          // (for the record, the smallest of each kind)
          const least = (k: Word['where']) => Math.min(...ws.filter((w) => w.where === k).map((w) => w.size)).toFixed(1);
          console.log(`${where}: least size on cards ${least('card')}px, in the players' boxes ${least('box')}px, elsewhere ${least('felt')}px`);
        }
      } finally {
        await host.leave();
      }
      expect(report).toEqual([]);
      expect(folks.errors).toEqual([]);
    } finally {
      await folks.close();
    }
  },
);
