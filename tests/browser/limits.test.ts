/**
 * Per-address limits as a person meets them in the lobby (issue 11): after a few codes that name no table, the
 * lobby says to slow down instead of claiming the next code names no table. Needs `npm run build` first.
 */
import { people, startStack, stopStack, type Stack } from '../support/browser';

jest.setTimeout(60_000);

let stack: Stack | null = null;
beforeAll(async () => {
  stack = await startStack({ LIMIT_MISSES_PER_MINUTE: '3' });
});
afterAll(async () => {
  await stopStack(stack);
  stack = null;
});

test('typing unknown codes: three are answered "no table", the fourth "slow down", in the lobby', async () => {
  const folks = people(stack!.browser);
  try {
    const page = await folks.open('Eve', { viewport: { width: 390, height: 844 } });
    await page.goto(`${stack!.base}/`);
    const codeBox = page.getByRole('textbox', { name: 'Table code' });
    const note = page.locator('.join-row + .note');
    for (const code of ['ZZZZ2', 'ZZZZ3', 'ZZZZ4']) {
      await codeBox.fill(code);
      await page.waitForFunction((c) => document.querySelector('.join-row + .note')?.textContent?.includes(c), code);
      expect(await note.textContent()).toBe(`No table with code ${code} is open.`);
    }
    await codeBox.fill('ZZZZ5');
    await page.waitForFunction(() => document.querySelector('.join-row + .note')?.textContent?.startsWith('Slow down'));
    expect(await note.textContent()).toBe('Slow down, partner — too many tries at once. Wait a moment.');
    // Joining now is refused the same way, in words, not a stack of codes.
    await page.getByLabel('Your name', { exact: true }).fill('Eve');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByText('Slow down, partner — too many tries at once. Wait a moment.').nth(1).waitFor();
    expect(folks.errors).toEqual([]);
  } finally {
    await folks.close();
  }
});
