import client from 'prom-client';

/** Prometheus metrics for one process, served at /metrics. */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'tumbleweed_' });

export const tables = new client.Gauge({
  name: 'tumbleweed_tables',
  help: 'Tables open in this process, by game',
  labelNames: ['game'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const room of localRooms()) this.inc({ game: room.roomName });
  },
});

export const clients = new client.Gauge({
  name: 'tumbleweed_connected_clients',
  help: 'Clients connected to tables in this process',
  registers: [registry],
  collect() {
    this.set(localRooms().reduce((n, r) => n + r.clients.length, 0));
  },
});

export const intents = new client.Counter({
  name: 'tumbleweed_intents_total',
  help: 'Intents received, by game (rate() gives intents per second)',
  labelNames: ['game'] as const,
  registers: [registry],
});

export const intentSeconds = new client.Histogram({
  name: 'tumbleweed_intent_handling_seconds',
  help: 'Time from receiving an intent to the patch and events being sent',
  labelNames: ['game'] as const,
  buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
  registers: [registry],
});

export const errors = new client.Counter({
  name: 'tumbleweed_errors_total',
  help: 'Intents, joins and HTTP requests refused, by error code',
  labelNames: ['code'] as const,
  registers: [registry],
});

/** HTTP requests the guard refused (also counted in tumbleweed_errors_total{code}); `route` is one of a fixed few. */
export const httpRefusals = new client.Counter({
  name: 'tumbleweed_http_refusals_total',
  help: 'HTTP requests refused before reaching a table (bad request, rate limit, too large...), by route and code',
  labelNames: ['route', 'code'] as const,
  registers: [registry],
});

export const reconnections = new client.Counter({
  name: 'tumbleweed_reconnections_total',
  help: 'Players who came back to their seat within the grace period',
  registers: [registry],
});

/** Tables of this process register here while they live (see TableRoom). */
export const liveTables = new Set<{ roomName: string; clients: { length: number } }>();

function localRooms() {
  return [...liveTables];
}
