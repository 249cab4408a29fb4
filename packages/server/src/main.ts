import { config } from './config';
import { createAppFromEnv } from './app';
import { logger } from './log';
import { errors, liveTables } from './metrics';
import { startMemoryTrimmer } from './memory';
import { rooms } from './games';
import { restoreTables } from './persist/restore';

/** Longest a shutdown may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 8000;

// Last line of defence: every HTTP route and table handler catches its own errors; a promise some library rejects
// without a handler is logged and counted instead of ending the process (Node's default) and every table in it.
process.on('unhandledRejection', (reason) => {
  errors.inc({ code: 'UNHANDLED_REJECTION' });
  logger.error({ err: reason }, 'unhandled promise rejection (kept serving)');
});

const { gameServer, store, shared } = createAppFromEnv();

// The tables this process was playing when it stopped come back (same codes) before anyone can connect. With Redis,
// from the shared copy: this DATA_DIR's tables, and any other whose process is gone (then every third of the lease).
const restoring = shared ? shared.start().then((restored) => ({ restored })) : store ? restoreTables(store, Object.keys(rooms)) : Promise.resolve(null);
restoring
  .then((restored) =>
    gameServer.listen(config.port).then(() => {
      logger.info(
        {
          port: config.port,
          redis: Boolean(config.redisUrl),
          publicAddress: config.publicAddress,
          dataDir: store ? config.dataDir : null,
          restored: restored?.restored ?? 0,
        },
        'serving',
      );
      // Memory the tables used goes back to the machine once most of them have closed (memory.ts).
      startMemoryTrimmer(() => liveTables.size);
      if (!process.env.LOG_LEVEL || process.env.LOG_LEVEL === 'info') {
        process.stderr.write(`Tumbleweed is serving on http://localhost:${config.port}\n`);
      }
    }),
  )
  .catch((err: NodeJS.ErrnoException) => {
    // A host reads this: what went wrong and what to do, not a stack trace of an unhandled rejection.
    logger.fatal({ err }, 'could not start');
    const why =
      err?.code === 'EADDRINUSE'
        ? `port ${config.port} is already in use: stop what runs there, or start with PORT=<another port>`
        : (err?.message ?? String(err));
    process.stderr.write(`Tumbleweed could not start: ${why}\n`);
    process.exit(1);
  });

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: telling tables, then closing');
    setTimeout(() => {
      logger.warn('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    gameServer
      .gracefullyShutdown(false)
      .then(() => process.exit(0))
      .catch((err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}
