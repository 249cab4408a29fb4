// The latency proxy's own process (started by latency-proxy.ts): a TCP proxy on a loopback port that delays every byte
// by a fixed time in each direction. Plain JavaScript, so that node runs it as it is.
// Arguments: the target port, the port to listen on, then the one-way delay in ms.
// SIGUSR1 cuts the connections open at that moment as a dead network does (Wi-Fi left for mobile data, a router that
// forgets a connection): nothing passes either way any more, and neither end is told (no FIN, no RST); whatever one end
// does after, closing included, never reaches the other. Connections made after it go through as before. It prints
// "stalled N" once done. SIGUSR2 does the same to the WebSocket connections only (those whose first request asked to
// upgrade), and leaves the browser's pooled HTTP connections alone: the table's connection dies, a reload still loads.
const net = require('node:net');
const { performance } = require('node:perf_hooks');

const [targetPort, port, oneWayMs] = process.argv.slice(2).map(Number);

/** The connections open now: { stalled, webSocket } each. */
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
  const pair = { stalled: false, webSocket: false };
  pairs.add(pair);
  // A WebSocket asks to upgrade in its first request.
  client.once('data', (chunk) => (pair.webSocket = /^upgrade:\s*websocket/im.test(chunk.toString('latin1'))));
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

function stall(which) {
  let n = 0;
  for (const pair of pairs)
    if (which(pair)) {
      pair.stalled = true;
      pairs.delete(pair);
      n++;
    }
  console.log(`stalled ${n}`);
}
process.on('SIGUSR1', () => stall(() => true));
process.on('SIGUSR2', () => stall((pair) => pair.webSocket));
