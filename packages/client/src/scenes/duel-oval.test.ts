/**
 * Duel's players around a desktop's oval (duel-oval.ts): no two boxes lie one over the other. At 1280×720 six seats'
 * side boxes overlapped by 24 px, a name hidden (a new player's review). The places are the scene's (scenes/duel.ts).
 */
import { OVAL_BOX_H, OVAL_BOX_MIN_H, OVAL_BOX_W, ovalBoxH, ovalClashes, ovalLayout, ovalSpots, type Spot } from './duel-oval';

/** The boxes the scene lays around an oval of W × tableH for n seats with boxes h tall: [x, y] of their centres. */
function boxes(n: number, W: number, tableH: number, h: number): [number, number][] {
  const rx = Math.max(0, W / 2 - OVAL_BOX_W / 2 - 6);
  const ry = Math.max(0, tableH / 2 - h / 2 - 6);
  return Array.from({ length: n }, (_, rel) => {
    const a = Math.PI / 2 + (rel * 2 * Math.PI) / n;
    return [W / 2 + rx * Math.cos(a), tableH / 2 + ry * Math.sin(a)];
  });
}

const overlaps = (n: number, W: number, tableH: number, h: number): string[] => {
  const b = boxes(n, W, tableH, h);
  const out: string[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (Math.abs(b[i][0] - b[j][0]) < OVAL_BOX_W && Math.abs(b[i][1] - b[j][1]) < h)
        out.push(`${i} and ${j}: ${Math.round(h - Math.abs(b[i][1] - b[j][1]))} px`);
  return out;
};

// n seats, the felt's width and the table's height above my hand (about 890 × 330 at 1280×720, 890 × 530 at 1366×768).
test.each<[string, number, number, number, number]>([
  ['six at 1280×720: lower boxes', 6, 890, 330, 102],
  ['five at 1280×720', 5, 890, 330, 110],
  ['six at 1366×768: the full height', 6, 890, 530, OVAL_BOX_H],
  ['six on a 1080p monitor', 6, 1570, 540, OVAL_BOX_H],
  ['two: one above, one below', 2, 890, 330, OVAL_BOX_H],
  ['four', 4, 890, 330, OVAL_BOX_H],
])('%s: boxes as tall as the oval allows, none over another', (_, n, W, tableH, h) => {
  const got = ovalBoxH(n, W, tableH);
  expect(got).toBe(h);
  expect(overlaps(n, W, tableH, got)).toEqual([]);
});

test('the full height overlapped there: six at 1280×720', () => {
  expect(overlaps(6, 890, 330, OVAL_BOX_H).length).toBeGreaterThan(0);
});

test('a table too low even for the least box: the grid takes over', () => {
  expect(ovalBoxH(6, 890, 280)).toBeLessThan(OVAL_BOX_MIN_H);
});

describe('the cards around the oval', () => {
  const oval = (n: number, W: number, tableH: number) => ({
    n,
    base: 0,
    W,
    tableH,
    sw: OVAL_BOX_W,
    sh: ovalBoxH(n, W, tableH),
    slotW: 58,
    slotH: 81,
    phone: false,
  });
  const how = (spots: Spot[] | null) => (spots ? `${spots[0].cy < spots[0].y ? 'inward' : 'beside'}${spots[0].bare ? ', no captions' : ''}` : 'grid');

  test('six on a laptop: beside their players, the top and bottom cards lay on the next seats’ cards; toward the middle, all apart', () => {
    const o = oval(6, 890, 330);
    expect(ovalClashes(ovalSpots(o), o)).toEqual(expect.arrayContaining(['card 0 over card 5', 'card 3 over card 4']));
    const spots = ovalLayout(o);
    expect(how(spots)).toBe('inward, no captions');
    expect(ovalClashes(spots ?? [], o)).toEqual([]);
    // (mine at the bottom: my card above my box, right of the middle; the top player's left of it)
    const [me, top] = [spots?.[0], spots?.[3]];
    expect(me && me.cy < me.y && me.cx > me.x).toBe(true);
    expect(top && top.cy > top.y && top.cx < top.x).toBe(true);
  });

  // The felt's width and the table's height above my hand: about 890 × 330 at 1280×720, 890 × 378 at 1366×768.
  test.each<[string, number, number, number, string]>([
    ['two on a laptop', 2, 890, 330, 'beside'],
    ['three on a laptop', 3, 890, 330, 'beside'],
    ['four at 1280×720: a caption over the next card’s label', 4, 890, 330, 'beside, no captions'],
    ['four at 1366×768', 4, 890, 378, 'beside'],
    ['five at 1280×720: my card on the next seat’s, beside or inward', 5, 890, 330, 'grid'],
    ['five at 1366×768', 5, 890, 378, 'inward, no captions'],
    ['six at 1366×768', 6, 890, 378, 'inward'],
    ['six on a 1080p monitor', 6, 1570, 540, 'beside'],
  ])('%s: the cards %s', (_, n, W, tableH, expected) => {
    const o = oval(n, W, tableH);
    const spots = ovalLayout(o);
    expect(how(spots)).toBe(expected);
    expect(ovalClashes(spots ?? [], o)).toEqual([]);
  });
});
