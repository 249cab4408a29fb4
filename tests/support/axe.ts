/** axe-core's accessibility checks (WCAG 2 A and AA: contrast among them) on a page, as the browser tests run them. */
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE = path.join(__dirname, '../../node_modules/axe-core/axe.min.js');

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: AxeNode[];
}

/**
 * The serious and critical violations of axe-core's WCAG 2 A and AA checks on the page now (or within the element
 * `within` selects), one line each.
 */
export async function axeViolations(page: Page, where: string, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(within ?? document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        html: n.html.slice(0, 120),
        failureSummary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200),
      })),
    }));
  }, within);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} at ${n.target.join(' ')} ${n.html} — ${n.failureSummary}`));
}
