// The latency proxy's own process (started by latency-proxy.ts): a TCP proxy on a loopback port that delays every byte
// by a fixed time in each direction. Plain JavaScript, so that node runs it as it is.
// Arguments: the target port, the port to listen on, then the one-way delay in ms.
// SIGUSR1 cuts the connections open at that moment as a dead network does (Wi-Fi left for mobile data, a router that
// forgets a connection): nothing passes either way any more, and neither end is told (no FIN, no RST); whatever one end
// does after, closing included, never reaches the other. Connections made after it go through as before. It prints
// "stalled N" once done.
const net = require('node:net');
const { performance } = require('node:perf_hooks');

const [targetPort, port, oneWayMs] = process.argv.slice(2).map(Number);

/** The connections open now: { stalled } each. */
const pairs = new Set();

function delayed(from, to, pair) {
  // A queue per direction: each chunk leaves `oneWayMs` after it came, never before the one ahead of it.
  const queue = [];
  let timer = null;
  const pump = () => {
    timer = null;
    if (pair.stalled) return void (queue.length = 0);
    const now = performance.now();
    while (queue.length && queue[0].due <= now + 0.5) {
      const { chunk } = queue.shift();
      if (!to.destroyed) to.write(chunk);
    }
    if (queue.length) timer = setTimeout(pump, Math.max(0, queue[0].due - performance.now()));
  };
  from.on('data', (chunk) => {
    if (pair.stalled) return;
    queue.push({ due: performance.now() + oneWayMs, chunk });
    if (!timer) timer = setTimeout(pump, oneWayMs);
  });
  from.on('end', () =>
    setTimeout(() => {
      if (!pair.stalled) to.end();
    }, oneWayMs),
  );
}

const server = net.createServer((client) => {
  const upstream = net.connect(targetPort, '127.0.0.1');
  const pair = { stalled: false };
  pairs.add(pair);
  for (const s of [client, upstream]) {
    s.setNoDelay(true);
    s.on('error', () => {
      if (pair.stalled) return;
      client.destroy();
      upstream.destroy();
    });
    s.on('close', () => {
      if (!pair.stalled) pairs.delete(pair);
    });
  }
  delayed(client, upstream, pair);
  delayed(upstream, client, pair);
});
server.listen(port, '127.0.0.1');

process.on('SIGUSR1', () => {
  for (const pair of pairs) pair.stalled = true;
  console.log(`stalled ${pairs.size}`);
  pairs.clear();
});
