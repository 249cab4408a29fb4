/**
 * The in-app rules: from the lobby, the Duel "Rules" button opens docs/rules/duel.md rendered, with the project's
 * decisions marked; at a table, the Rules button shows them over the table.
 * Needs `npm run build` first (client and server dist); starts the built server itself on a free port.
 */
import { startStack, stopStack, type Stack } from '../support/browser';

jest.setTimeout(60_000);

let stack: Stack | null = null;
let base = '';
let browser: Stack['browser'] | null = null;

beforeAll(async () => {
  stack = await startStack();
  base = stack.base;
  browser = stack.browser;
});

afterAll(async () => {
  await stopStack(stack);
  stack = null;
});

test('the lobby opens the Duel rules, with decisions marked, and the table shows them over the game', async () => {
  const page = await browser!.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Duel rules' }).click();
    await page.waitForURL(/#\/rules\/duel$/);
    await page.getByRole('heading', { level: 1, name: 'Duel: Once Upon a Game in the West' }).waitFor();
    const decisions = page.locator('[data-testid="rules"] .decision');
    expect(await decisions.count()).toBeGreaterThan(0);
    expect(await decisions.first().textContent()).toMatch(/^\s*⚖ Decision:/);
    expect(await page.getByText('Whoever fired is not hit.').isVisible()).toBe(true);

    await page.getByRole('button', { name: /Back/ }).click();
    await page.getByRole('button', { name: 'Create table' }).click();
    await page.getByTestId('table-code').waitFor();
    await page.getByRole('button', { name: 'Rules' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { level: 1, name: 'Duel: Once Upon a Game in the West' }).waitFor();
    expect(await dialog.locator('.decision').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('table-code').isVisible()).toBe(true);
  } finally {
    await page.close();
  }
});
