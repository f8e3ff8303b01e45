import { ConfigError, loadConfig } from './config';
import { createConsoleLog } from './log';
import { onShutdown, startRuntime } from './runtime';

/** The worker alone, for production scale-out: run as many as you like next to the API processes. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    throw new ConfigError(
      'The separate worker needs DATABASE_URL: the embedded PGlite database serves one process only.\n' +
        'Without PostgreSQL, let the server run the worker itself (RUN_WORKER=true, the default).',
    );
  }
  const log = createConsoleLog(config.logLevel);
  const runtime = await startRuntime(config, log, { maintenance: true });
  onShutdown(log, runtime.stop);
  await runtime.startWorker();
  log.info('Prospector worker started');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Prospector worker failed to start:', error);
  process.exit(1);
});
