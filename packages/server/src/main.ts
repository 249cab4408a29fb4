import { createApp } from './app';

const port = Number(process.env.PORT ?? 2567);
const { gameServer } = createApp();

gameServer.listen(port).then(() => {
  console.log(`Tumbleweed is serving on http://localhost:${port}`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    gameServer.gracefullyShutdown().finally(() => process.exit(0));
  });
}
