import { cleanName, MAX_NAME_GRAPHEMES } from './names';

describe('player names as the table shows them', () => {
  test.each([
    ['plain', 'Ann', 'Ann'],
    ['spaces collapse and trim', '  Calamity \t  Kate \n', 'Calamity Kate'],
    ['NFC: a decomposed é becomes one code point', 'Jose\u0301', 'José'],
    ['NUL and ESC removed', 'A\u0000n\u001b[31mn', 'An[31mn'],
    ['bidi override removed (the name reads as typed)', '\u202Enna', 'nna'],
    ['bidi isolates and marks removed', '\u2066Bob\u2069\u200F', 'Bob'],
    ['zero-width space and joiner between letters removed', 'B\u200Bo\u200Db', 'Bob'],
    ['BOM and soft hyphen removed', '\uFEFFSoft\u00ADware', 'Software'],
    ['an emoji family keeps its joiners', 'Ma \u{1F469}\u200D\u{1F469}\u200D\u{1F467}', 'Ma \u{1F469}\u200D\u{1F469}\u200D\u{1F467}'],
    ['an emoji with a variation selector stays', '\u2764\uFE0F Lu', '\u2764\uFE0F Lu'],
    ['line separator becomes a space', 'Dusty\u2028Pete', 'Dusty Pete'],
    ['Portuguese letters stay', 'Conceição', 'Conceição'],
  ])('%s', (_what, input, expected) => {
    expect(cleanName(input)).toEqual({ ok: true, name: expected });
  });

  test.each([
    ['empty', ''],
    ['spaces only', '   '],
    ['a zero-width space only', '\u200B'],
    ['bidi overrides only', '\u202E\u202D'],
    ['control characters only', '\u0000\u0007\u001b'],
    ['Hangul filler only (draws nothing)', '\u3164'],
    ['a lone joiner', '\u200D'],
  ])('refused as blank: %s', (_what, input) => {
    expect(cleanName(input)).toEqual({ ok: false, reason: 'blank' });
  });

  test('20 graphemes fit, 21 do not; an emoji family counts as one', () => {
    expect(cleanName('x'.repeat(MAX_NAME_GRAPHEMES))).toEqual({ ok: true, name: 'x'.repeat(20) });
    expect(cleanName('x'.repeat(MAX_NAME_GRAPHEMES + 1))).toEqual({ ok: false, reason: 'too_long' });
    const family = '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}';
    expect(cleanName(family.repeat(20))).toEqual({ ok: true, name: family.repeat(20) });
    // 20 visible letters padded with invisibles are still 20
    expect(cleanName('y\u200B'.repeat(20))).toEqual({ ok: true, name: 'y'.repeat(20) });
  });
});
