// The latency proxy's own process (started by latency-proxy.ts): a TCP proxy on a loopback port that delays every byte
// by a fixed time in each direction. Plain JavaScript, so that node runs it as it is.
// Arguments: the target port, the port to listen on, then the one-way delay in ms.
const net = require('node:net');
const { performance } = require('node:perf_hooks');

const [targetPort, port, oneWayMs] = process.argv.slice(2).map(Number);

function delayed(from, to) {
  // A queue per direction: each chunk leaves `oneWayMs` after it came, never before the one ahead of it.
  const queue = [];
  let timer = null;
  const pump = () => {
    timer = null;
    const now = performance.now();
    while (queue.length && queue[0].due <= now + 0.5) {
      const { chunk } = queue.shift();
      if (!to.destroyed) to.write(chunk);
    }
    if (queue.length) timer = setTimeout(pump, Math.max(0, queue[0].due - performance.now()));
  };
  from.on('data', (chunk) => {
    queue.push({ due: performance.now() + oneWayMs, chunk });
    if (!timer) timer = setTimeout(pump, oneWayMs);
  });
  from.on('end', () => setTimeout(() => to.end(), oneWayMs));
}

const server = net.createServer((client) => {
  const upstream = net.connect(targetPort, '127.0.0.1');
  for (const s of [client, upstream]) {
    s.setNoDelay(true);
    s.on('error', () => {
      client.destroy();
      upstream.destroy();
    });
  }
  delayed(client, upstream);
  delayed(upstream, client);
});
server.listen(port, '127.0.0.1');
