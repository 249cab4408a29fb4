/**
 * A choice made halfway survives a language switch: switching redraws the whole page in the new words (main.ts routes
 * again), and the game's bar and felt were made anew, the player's picks gone. A Duel player who had picked a Pistol was
 * asked for a card again; a Saloon Desperado who had picked a gun and a target had to pick them again; the lobby's
 * forms went back to Duel and their defaults (after a game's rules read and back too).
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import { DESKTOP, people, useStack } from '../support/browser';
import { findSaloonSeed, holds, hostSaloon, joinByCode } from '../support/saloon';
import { createTable, tableInPortuguese, until } from '../support/table';

jest.setTimeout(90_000);

const stack = useStack({ ALLOW_TEST_SEED: '1' });

test('Duel: a Pistol picked, then Portuguese: the bar still asks whom to aim at, and the shot goes down', async () => {
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', { ...DESKTOP, locale: 'en-US' });
    await createTable(ann, stack().base, /Duel/, 2, 1, {}, 'Ann');
    const bar = ann.locator('.actions');
    await bar.getByRole('button', { name: 'Play Pistol', exact: true }).click({ timeout: 20_000 });
    await bar.getByRole('button', { name: 'Aim at Calamity Kate', exact: true }).waitFor();

    await tableInPortuguese(ann);
    await bar.getByRole('button', { name: 'Mirar em Calamity Kate', exact: true }).waitFor({ timeout: 5_000 });
    expect(await bar.locator('.prompt').textContent()).toBe('Pistola: em quem você mira?');
    // (the Pistol alone on the bar, pressed, as before the switch)
    expect(await bar.getByRole('button', { name: /^Jogar / }).count()).toBe(1);
    expect(await bar.getByRole('button', { name: 'Jogar Pistola', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await bar.getByRole('button', { name: 'Mirar em Calamity Kate', exact: true }).click();
    await ann
      .getByRole('log')
      .getByText(/Tiroteio 1 da rodada 1 — cartas na mesa!/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect((await ann.getByRole('log').textContent()) ?? '').toMatch(/Você atirou com uma pistola em Calamity Kate/);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test("Saloon: a Desperado's gun and target picked, then Portuguese: both still picked, the rest still asked", async () => {
  const options = { threatSeconds: 10, simplified: false, russianRoulette: false };
  const seed = findSaloonSeed(3, options, (s) => s.active === 0 && holds(s.players[0].hand, 'desperado', 3));
  const { code, leave } = await hostSaloon(stack().base, 3, 2, seed, options);
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', { ...DESKTOP, locale: 'en-US' });
    await joinByCode(ann, stack().base, 'Ann', code);
    const bar = ann.locator('.actions');
    await bar.getByRole('button', { name: 'I have nothing to lose…' }).click({ timeout: 20_000 });
    const gun = bar.getByRole('button', { name: /^Desperado gun: / }).first();
    const gunName = ((await gun.getAttribute('aria-label')) ?? (await gun.textContent()) ?? '').replace(/^Desperado gun: /, '');
    await gun.click();
    await bar.getByRole('button', { name: 'Desperado target: Calamity Kate', exact: true }).click();
    const pressed = bar.locator('button[aria-pressed="true"]');
    await until('a gun and a target picked', async () => (await pressed.count()) === 2);

    await tableInPortuguese(ann);
    await bar.getByRole('button', { name: 'Alvo do Desperado: Calamity Kate', exact: true }).waitFor({ timeout: 5_000 });
    expect(await bar.getByRole('button', { name: 'Alvo do Desperado: Calamity Kate', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const ptGun = ({ red: 'vermelho', blue: 'azul', green: 'verde', yellow: 'amarelo' } as Record<string, string>)[gunName];
    expect(await bar.getByRole('button', { name: `Revólver do Desperado: ${ptGun}`, exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await pressed.count()).toBe(2);
    // (one gun and one target to go: "Não tenho nada a perder!" waits for them)
    expect(await bar.getByRole('button', { name: 'Não tenho nada a perder!', exact: true }).isDisabled()).toBe(true);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
    await leave();
  }
});

test('Rattlesnake: a card picked for my move, then Portuguese: still picked', async () => {
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', { ...DESKTOP, locale: 'en-US' });
    await createTable(ann, stack().base, /Rattlesnake/, 2, 1, {}, 'Ann');
    const bar = ann.locator('.actions');
    // (my attack's cards, or my defence's when the bot attacks first; its abilities on the way allowed)
    const toggles = bar.locator('button.select[aria-pressed="false"]');
    const onTheWay = bar.getByRole('button', { name: /^(Attack|Allow)$/ });
    await until(
      'cards of my hand to pick',
      async () => {
        if ((await toggles.count()) > 0) return true;
        if ((await onTheWay.count()) > 0)
          await onTheWay
            .first()
            .click({ timeout: 3_000 })
            .catch(() => undefined);
        return false;
      },
      30_000,
    );
    await toggles.first().click();
    const pressed = bar.locator('button.select[aria-pressed="true"]');
    await until('the card picked', async () => (await pressed.count()) === 1);

    await tableInPortuguese(ann);
    await until('the bar in Portuguese', async () => (await bar.getByRole('button', { name: /^Selecionar / }).count()) > 0, 5_000);
    expect(await pressed.count()).toBe(1);
    expect(await pressed.getAttribute('aria-label')).toMatch(/^Selecionar /);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test("the lobby's forms as the player left them, after the rules read and back and after a language switch", async () => {
  const folks = people(stack().browser);
  try {
    const page = await folks.open('Zed', { ...DESKTOP, locale: 'en-US' });
    await page.goto(`${stack().base}/`);
    await page.getByLabel('Your name', { exact: true }).fill('Zed');
    await page.locator('label.game-choice strong', { hasText: /Saloon/ }).click();
    await page.getByLabel('Seats', { exact: true }).selectOption('5');
    await page.getByLabel('Bots', { exact: true }).selectOption('2');
    await page.getByLabel('Turn timer', { exact: true }).selectOption('0');
    await page.getByRole('textbox', { name: 'Table code' }).fill('ABCDE');
    /** The forms' values: the name, the game, every select, the code. */
    const form = () =>
      page.evaluate(() => ({
        name: document.querySelector<HTMLInputElement>('input[name=name]')?.value,
        game: document.querySelector<HTMLInputElement>('input[name=game]:checked')?.value,
        seats: document.querySelector<HTMLSelectElement>('select[name=seats]')?.value,
        bots: document.querySelector<HTMLSelectElement>('select[name=bots]')?.value,
        timer: document.querySelector<HTMLSelectElement>('select[name=turnSeconds]')?.value,
        code: document.querySelector<HTMLInputElement>('input[name=code]')?.value,
      }));
    const filled = { name: 'Zed', game: 'saloon', seats: '5', bots: '2', timer: '0', code: 'ABCDE' };
    expect(await form()).toEqual(filled);

    // Saloon's rules, and back.
    await page.getByRole('link', { name: /Saloon.* rules$/ }).click();
    await page.getByRole('button', { name: '← Back', exact: true }).click();
    await page.getByRole('button', { name: 'Create table' }).waitFor();
    expect(await form()).toEqual(filled);

    await page.getByTestId('language').selectOption('pt-BR');
    await page.getByRole('button', { name: 'Criar mesa' }).waitFor();
    expect(await form()).toEqual(filled);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
