import { handOrder } from './cards';

// A hand is shown by printed value (Focus 1, Reload 1, Quick Draw 2, Scout 2, Take Cover 3, Dodge 'n' Shoot 3,
// Switch Up 4, Distract 4, Double Tap 5, Disarm 5), like values in the card table's order, then by id; Hits last.
test.each([
  ['as drawn: Disarm, Scout, Disarm', ['p0-disarm', 'p0-scout', 's-disarm-1'], ['p0-scout', 'p0-disarm', 's-disarm-1']],
  ['a Run drawn backwards', ['p0-switch-up', 'p0-take-cover', 'p0-scout'], ['p0-scout', 'p0-take-cover', 'p0-switch-up']],
  ['Hits after every action card', ['hit-0-2', 'p0-double-tap', 'hit-0-1', 'p0-focus'], ['p0-focus', 'p0-double-tap', 'hit-0-1', 'hit-0-2']],
  ['one value: the card table’s order', ['p1-reload', 's-focus-2', 'p1-focus'], ['p1-focus', 's-focus-2', 'p1-reload']],
  ['empty', [], []],
])('%s', (_, hand, shown) => {
  const before = [...hand];
  expect(handOrder(hand)).toEqual(shown);
  expect(hand).toEqual(before); // (a copy: the rules' hand keeps its order)
});
