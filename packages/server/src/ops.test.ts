import { autoPlay, seatOf, startServer, waitFor } from './testing/harness';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.cleanup();
  await server.shutdown();
});

function metric(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || l.startsWith(`${name}${labels}{`));
  return line ? Number(line.split(' ').pop()) : 0;
}

test('/healthz answers without Redis configured', async () => {
  const res = await server.http.get('/healthz');
  expect(res.data).toEqual({ ok: true, redis: 'not configured' });
});

test('/metrics is Prometheus text, and its numbers move when a game is played', async () => {
  const before = (await server.http.get('/metrics')).data as string;
  expect(before).toContain('# TYPE tumbleweed_intents_total counter');
  const ann = await server.sdk.create('duel', { name: 'Ann', seats: 2, bots: 1, options: { target: 3 } });
  autoPlay(ann, () => seatOf(ann));
  await waitFor(() => ann.state.status === 'playing', 'start');
  const during = (await server.http.get('/metrics')).data as string;
  expect(metric(during, 'tumbleweed_tables', '{game="duel"}')).toBe(1);
  expect(metric(during, 'tumbleweed_connected_clients')).toBe(1);
  ann.send('intent', { type: 'commit', card: 'banana' });
  await waitFor(() => ann.state.status === 'over', 'game over', 20_000);
  const after = (await server.http.get('/metrics')).data as string;
  expect(metric(after, 'tumbleweed_intents_total', '{game="duel"}')).toBeGreaterThan(metric(before, 'tumbleweed_intents_total', '{game="duel"}'));
  expect(metric(after, 'tumbleweed_intent_handling_seconds_count', '{game="duel"}')).toBeGreaterThan(0);
  expect(metric(after, 'tumbleweed_errors_total', '{code="BAD_MESSAGE"}')).toBeGreaterThanOrEqual(1);
});
