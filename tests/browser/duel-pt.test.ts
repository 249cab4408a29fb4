/**
 * A browser set to Brazilian Portuguese gets the Duel table in Portuguese: Ann (locale pt-BR) starts a table with a
 * bot, plays a card at it and reads the reveal in the log — and no "i18n: missing key" error shows up on the way.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import { DESKTOP, people, phone, shot, useStack } from '../support/browser';
import { until } from '../support/table';

jest.setTimeout(90_000);

const stack = useStack({ BOT_DELAY_MS: '50' });

test('with the browser in pt-BR the Duel table speaks Portuguese and misses no key', async () => {
  const folks = people(stack().browser);
  try {
    const ann = await folks.open('Ann', { ...DESKTOP, locale: 'pt-BR' });
    const missing: string[] = [];
    ann.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('i18n: missing key')) missing.push(m.text());
    });

    await ann.goto(`${stack().base}/`);
    await ann.locator('input[name="name"]').fill('Ann');
    await ann.getByRole('radio', { name: /Duel/ }).check();
    // The Duel option's label and format come from the duel dictionary.
    await ann.getByLabel('Dinheiro para vencer', { exact: true }).selectOption('3');
    await ann.locator('select[name="seats"]').selectOption('2');
    await ann.locator('select[name="bots"]').selectOption('1');
    await ann.locator('form:has(select[name="seats"]) button[type="submit"]').click();
    await ann.waitForURL(/#\/table\/[A-Z0-9]{5}$/);

    // A game turn: play a pistol at the bot, then wait for the reveal in the log.
    const actions = ann.locator('.actions');
    const pistol = actions.getByRole('button', { name: 'Jogar Pistola', exact: true });
    await pistol.waitFor({ timeout: 20_000 });
    await expect(actions.locator('.prompt').textContent()).resolves.toBe('Escolha uma carta para este tiroteio (uma arma também precisa de um alvo):');
    await pistol.click();
    await actions
      .getByRole('button', { name: /^Mirar em / })
      .first()
      .click();
    await ann
      .getByRole('log')
      .getByText(/Tiroteio 1 da rodada 1 — cartas na mesa!/)
      .first()
      .waitFor({ timeout: 20_000 });
    await shot(ann, 'duel-pt-turn');

    const log = (await ann.getByRole('log').textContent()) ?? '';
    expect(log).toMatch(/atirou com uma pistola em/);
    expect(await ann.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    expect(missing).toEqual([]);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});

test('on a 360 px phone in pt-BR, picking a gun keeps the status bar one line with the turn timer on', async () => {
  const folks = people(stack().browser);
  try {
    const ana = await folks.open('Ana', { ...phone(360, 740, 3), locale: 'pt-BR' });
    await ana.goto(`${stack().base}/`);
    await ana.locator('input[name="name"]').fill('Ana');
    await ana.getByRole('radio', { name: /Duel/ }).check();
    await ana.locator('select[name="seats"]').selectOption('2');
    await ana.locator('select[name="bots"]').selectOption('1');
    await ana.locator('select[name="turnSeconds"]').selectOption('20');
    await ana.locator('form:has(select[name="seats"]) button[type="submit"]').click();
    await ana.waitForURL(/#\/table\/[A-Z0-9]{5}$/);
    const pistol = ana.locator('.actions').getByRole('button', { name: 'Jogar Pistola', exact: true });
    await pistol.waitFor({ timeout: 20_000 });
    const status = ana.getByTestId('status');
    const oneLine = (await status.boundingBox())?.height ?? 0;
    await pistol.click();
    await until('the prompt to aim, with its clock', async () => /^Pistola.* —\s\d+\ss$/.test((await status.textContent()) ?? ''));
    // The status bar keeps its tallest height for the rest of the game (table/status.ts): a prompt on two lines here
    // ("Pistola na mão: em quem você vai atirar? — 19 s") took 23 px of the table away until the end.
    expect((await status.boundingBox())?.height).toBe(oneLine);
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
