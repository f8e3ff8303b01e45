import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { requestLogOptions } from './http/request-log';
import { createConsoleLog } from './log';
import { onShutdown, startRuntime } from './runtime';

/** API + built web app, and (unless RUN_WORKER=false) the worker, in one process. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const log = createConsoleLog(config.logLevel);
  const runtime = await startRuntime(config, log, { maintenance: config.runWorker });
  const app = await buildApp({
    database: runtime.database,
    config,
    queue: runtime.boss,
    logger: requestLogOptions(config.logLevel),
  });
  onShutdown(log, async () => {
    await app.close();
    await runtime.stop();
  });
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  process.stdout.write(`Prospector listening on http://localhost:${port}\n`);
  if (config.runWorker) await runtime.startWorker();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Prospector failed to start:', error);
  process.exit(1);
});
