/**
 * No words hard-coded where players read them: every string literal that becomes page text, an accessible name, a
 * tooltip or Pixi text in the client must come from the dictionaries (`t(…)`). Read with the TypeScript parser:
 * literals given as children to `h(…)`, as `text` / `aria-label` / `title` / `placeholder` / `label` / `hint`
 * values, to `new Text(…)`, or assigned to `textContent`, are flagged when they hold a word (two letters or more).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';

const SRC = path.join(__dirname, '..');
/** Words that read the same in every language (brand, card and sound names as printed, gun letters). */
const UNIVERSAL = new Set(['Tumbleweed', 'Bang!', 'Boom!', 'Blam!', 'Crash!', 'HIT', 'OK', 'ABCDE']);
const TEXT_KEYS = new Set(['text', 'aria-label', 'title', 'placeholder', 'label', 'hint', 'alt']);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' ? [] : files(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const isWordy = (s: string) => /[A-Za-zÀ-ÿ]{2,}/.test(s) && !UNIVERSAL.has(s.trim());

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

/** "file:line "text"" for each player-visible literal in one file. */
function findings(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  const flag = (node: ts.Node) => {
    // A conditional or a fallback (`a ? 'x' : 'y'`, `x ?? 'y'`) is looked into.
    if (ts.isConditionalExpression(node)) return [node.whenTrue, node.whenFalse].forEach(flag);
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    )
      return flag(node.right);
    if (ts.isParenthesizedExpression(node)) return flag(node.expression);
    const text = literalText(node);
    if (text !== null && isWordy(text)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      out.push(`${path.relative(SRC, file)}:${line + 1} ${JSON.stringify(text)}`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'h') node.arguments.slice(2).forEach(flag);
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Text') node.arguments?.forEach(flag);
    if (ts.isPropertyAssignment(node)) {
      const key = ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : '';
      if (TEXT_KEYS.has(key)) flag(node.initializer);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      ['textContent', 'title', 'text', 'placeholder'].includes(node.left.name.text)
    )
      flag(node.right);
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'setAttribute' &&
      node.arguments.length === 2
    ) {
      const attr = literalText(node.arguments[0]);
      if (attr && TEXT_KEYS.has(attr)) flag(node.arguments[1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

test('every word a player reads in the client comes from the dictionaries', () => {
  const all = files(SRC).flatMap(findings);
  expect(all).toEqual([]);
});

test('the check finds a hard-coded word (it is not blind)', () => {
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-')), 'scene.ts');
  fs.writeFileSync(
    tmp,
    "h('button', { 'aria-label': 'Shoot now' }, 'Shoot!');\nconst l = new Text({ text: 'Your turn' });\nel.textContent = ok ? t('x') : 'Waiting…';\n",
  );
  expect(
    findings(tmp)
      .map((f) => f.replace(/^.*:(\d+) /, '$1 '))
      .sort(),
  ).toEqual(['1 "Shoot now"', '1 "Shoot!"', '2 "Your turn"', '3 "Waiting…"']);
});
