/**
 * The Brazilian Portuguese rule documents (docs/rules/pt-BR/) keep the shape of the English ones: one translation
 * per game, the same number of "**Decision:**" / "**Decisão:**" markers (the developers' record of choices),
 * headings and table rows. And every document, in both languages, rendered the way the app does (rules-text.ts, then
 * `marked`), shows players no file path, no issue wording and no decision marker.
 */
import * as fs from 'fs';
import * as path from 'path';
import { playerMarkdown } from '../rules-text';

// marked ships as ESM only; its UMD build is the same parser, loadable from CommonJS tests.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Marked } = require(path.join(path.dirname(require.resolve('marked/package.json')), 'lib/marked.umd.js')) as typeof import('marked');
const marked = new Marked({ gfm: true, async: false });

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

/** The text a player reads: the rendered HTML without its tags and with its entities decoded. */
function playerText(md: string): string {
  const html = marked.parse(playerMarkdown(md)) as string;
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

const FORBIDDEN: [string, RegExp][] = [
  ['file path', /\w+\/[\w-]+\.\w+/],
  ['issue wording', /\bissues?\b/i],
  ['"Decision" marker', /Decision/],
  ['"Decisão" marker', /Decisão/],
  ['⚖ mark', /⚖/],
  ['developers section', /Notes for developers|Notas para desenvolvedores|client and server authors/i],
];

describe.each(englishDocs.flatMap((name) => [name, `pt-BR/${name}`]))('%s as players read it', (name) => {
  const text = playerText(fs.readFileSync(path.join(RULES_DIR, name), 'utf8'));

  it('still has its rules', () => {
    expect(text.length).toBeGreaterThan(2000);
  });

  it.each(FORBIDDEN)('shows no %s', (_what, pattern) => {
    const line = text.split('\n').find((l) => pattern.test(l));
    expect(line).toBeUndefined();
  });
});

describe('decisions read as plain rules', () => {
  it('drops the marker and starts the sentence with a capital', () => {
    expect(playerMarkdown('- **Decision:** the rulebook gives no player count.\n')).toBe('- The rulebook gives no player count.\n');
    expect(playerMarkdown('It ends. **Decisão:** *toda* decisão conta.\n')).toBe('It ends. *Toda* decisão conta.\n');
  });

  it('keeps a lower-case word mid-sentence, and drops developer notes and comments', () => {
    const md = '"Go!" — **Decision:** the server says it.<!-- see engine -->\n\n## Notes for developers\n\nfoo/bar.ts\n';
    expect(playerMarkdown(md)).toBe('"Go!" — the server says it.\n');
  });
});
