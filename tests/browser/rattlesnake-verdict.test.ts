/**
 * A showdown's verdict on a phone held sideways says who won and what it did. The felt's attack band there has room
 * for one line of it: "You win: Single 4 beats S…" lost "— 1 Hit", the one thing a player must know (a new player's
 * review: "You lose: Set of three 5s beats Single 5…"). Where the whole line does not fit it reads "You win — 1 Hit";
 * the combos stay on the revealed cards and in the log. Ann and Bob play a seeded table (ALLOW_TEST_SEED) by a simple
 * policy (rattlesnake-screens.ts `move`) until the first verdict. The attack's and the defence's revealed combos are
 * whole too: "Calamity Kate's defence: Set…" becomes "Defence: Set of three 5s". On a laptop the verdict names the rule
 * that decided it ("(more cards)", "(a tie goes to the defender)"), and the log tells a showdown in that one line (it
 * told it twice, the combos in opposite orders). Needs `npm run build` first.
 */
import { Rattlesnake, Rng } from '@tumbleweed/engine';
import { phone, shot, useStack } from '../support/browser';
import { measure } from '../support/screens';
import { annAndBob, DESKTOP, move } from '../support/rattlesnake-screens';

jest.setTimeout(90_000);

const stack = useStack({ BOT_DELAY_MS: '60', ALLOW_TEST_SEED: '1' });

/** The verdict's words as the felt draws them ("You win: …", "You lose …"), '' before the first one. */
const VERDICT = /^You (win|lose)\b/;

/** The first seed whose first turn is Ann's (the host's seat). */
function annFirst(): number {
  let seed = 1;
  while (Rattlesnake.setup({ seats: 2, options: {} as Rattlesnake.RattlesnakeOptions }, Rng.fromSeed(seed)).active !== 0) seed++;
  return seed;
}

/** The rule's words in a verdict's brackets, English (rattlesnake:verdict.rule). */
const RULE = /\((more cards|a Set beats a Run|Sandstorm: a Run beats a Set|the higher card|a tie goes to the defender|Deadeye: a tie goes to the attacker)\)/;

test('Rattlesnake on a laptop: the verdict names the rule that decided the showdown, and the log tells it in that one line', async () => {
  await annAndBob(stack, annFirst(), { ann: DESKTOP }, async (ann, bob, folks) => {
    // The first showdown where both sides showed a combo: one with none ("Single 4 beats No combo", a defence
    // committed empty) is decided by no rule and names none (rattlesnake-words.test.ts 'no defence'), nor one
    // "decided by Dodge 'n' Shoot".
    let said = '';
    for (let i = 0; i < 60 && !said; i++) {
      await move(ann).catch(() => '');
      await move(bob).catch(() => '');
      await ann.waitForTimeout(250);
      const verdict = (await measure(ann)).scene.items.find((it) => it.kind === 'text' && VERDICT.test(it.label))?.label ?? '';
      if (!/No combo|Dodge 'n' Shoot/.test(verdict)) said = verdict;
    }
    await shot(ann, 'rattlesnake-verdict-laptop');
    // (the old client: "You lose: Single 5 beats Single 1 — 1 Hit", no rule)
    expect(said).toMatch(/^You (win|lose): .+ (beats|ties) .+ — (\d Hits?|the defence holds)$/);
    expect(said).toMatch(RULE);
    // The log: the showdown once, as the felt says it (the old log: "Your attack hits (Single 5 against Single 1) — 1
    // Hit!" and then "You win: Single 5 beats Single 1 — 1 Hit").
    // (earlier showdowns with no combo on a side or decided by Dodge 'n' Shoot come before it, each in one line too)
    const told = (await ann.locator('.side [role=log] li').allTextContents()).filter((l) => / (beats|ties|against) |Dodge 'n' Shoot/.test(l));
    expect(told.filter((l) => !/No combo|Dodge 'n' Shoot/.test(l))).toEqual([said]);
    expect(told.filter((l) => !VERDICT.test(l))).toEqual([]);
    expect(folks.errors).toEqual([]);
  });
});

test.each([
  ['568×320', 568, 320],
  ['640×360', 640, 360],
])('Rattlesnake on a phone held sideways (%s): the verdict says who won and how many Hits, the revealed combos whole', async (screen, width, height) => {
  const seed = annFirst();
  // (Bob joins with a bot's name: as long as a player's may be)
  await annAndBob(stack, seed, { ann: { ...phone(width, height, 3), locale: 'en-US' }, bobName: 'Calamity Kate' }, async (ann, bob, folks) => {
    let said = '';
    /** The attack's and the defence's headings on the felt through the attack ("Bob's defence: 1 face down"). */
    const heads = new Set<string>();
    for (let i = 0; i < 30 && !said; i++) {
      await move(ann).catch(() => '');
      await move(bob).catch(() => '');
      await ann.waitForTimeout(250);
      const texts = (await measure(ann)).scene.items.filter((it) => it.kind === 'text').map((it) => it.label);
      texts.filter((l) => /^(Your|Calamity Kate's) (attack|defence)|^(Attack|Defence):/.test(l)).forEach((l) => heads.add(l));
      said = texts.find((l) => VERDICT.test(l)) ?? '';
    }
    // The revealed combos, whole: without the name when the felt has no room for both (the attacker's side is the
    // left). (The old client: "Calamity Kate's defence: Sin…".)
    const combos = [...heads].filter((l) => /: (Single|Set|Run|Pair|Nothing)/.test(l));
    expect(combos.length).toBeGreaterThan(0);
    expect(combos.filter((l) => l.endsWith('…'))).toEqual([]);
    await shot(ann, `rattlesnake-verdict-${screen}`);
    // (the old client: "You win: Single 4 beats S…")
    expect(said).toMatch(/^You (win|lose)\b.* — (\d Hits?|the defence holds)$/);
    expect(folks.errors).toEqual([]);
  });
});
