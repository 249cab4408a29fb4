/**
 * The Brazilian Portuguese rule documents (docs/rules/pt-BR/) keep the shape of the English ones: one translation
 * per game, the same number of "**Decision:**" / "**Decisão:**" markers (the client tags them), headings and table
 * rows.
 */
import * as fs from 'fs';
import * as path from 'path';

const RULES_DIR = path.join(__dirname, '../../../../docs/rules');
const PT_DIR = path.join(RULES_DIR, 'pt-BR');

const englishDocs = fs
  .readdirSync(RULES_DIR)
  .filter((name) => name.endsWith('.md') && fs.statSync(path.join(RULES_DIR, name)).isFile())
  .sort();

function count(text: string, pattern: RegExp): number {
  return (text.match(pattern) ?? []).length;
}
const headings = (text: string) => count(text, /^#/gm);
const tableRows = (text: string) => count(text, /^\|/gm);

describe('pt-BR rule documents', () => {
  it('finds the English rule documents', () => {
    expect(englishDocs.length).toBeGreaterThan(0);
  });

  describe.each(englishDocs)('%s', (name) => {
    const english = fs.readFileSync(path.join(RULES_DIR, name), 'utf8');
    const ptPath = path.join(PT_DIR, name);

    it('has a pt-BR translation', () => {
      expect(fs.existsSync(ptPath)).toBe(true);
    });

    const portuguese = () => fs.readFileSync(ptPath, 'utf8');

    it('has the same number of Decision / Decisão markers', () => {
      const en = count(english, /\*\*Decision:\*\*/g);
      expect(en).toBeGreaterThan(0);
      expect(count(portuguese(), /\*\*Decisão:\*\*/g)).toBe(en);
      expect(count(portuguese(), /\*\*Decision:\*\*/g)).toBe(0);
    });

    it('has the same number of headings', () => {
      expect(headings(portuguese())).toBe(headings(english));
    });

    it('has the same number of table rows', () => {
      expect(tableRows(portuguese())).toBe(tableRows(english));
    });
  });
});
