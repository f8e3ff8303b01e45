/** The few logging calls the runtime makes; Fastify's pino logger and the console logger both fit. */
export interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** JSON lines in pino's shape, for the worker process (which has no Fastify instance). */
export function createConsoleLog(level: string): Log {
  const threshold = LEVELS[level] ?? Number.POSITIVE_INFINITY;
  const write = (value: number, msg: string, obj?: object) => {
    if (value < threshold) return;
    const fields = obj instanceof Error ? { err: serializeError(obj) } : serializeFields(obj);
    process.stdout.write(`${JSON.stringify({ level: value, time: Date.now(), ...fields, msg })}\n`);
  };
  return {
    info: (msg) => write(30, msg),
    warn: (obj, msg) => write(40, msg, obj),
    error: (obj, msg) => write(50, msg, obj),
  };
}

function serializeFields(obj: object | undefined): Record<string, unknown> {
  if (!obj) return {};
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? serializeError(v) : v]),
  );
}

function serializeError(error: Error) {
  return { type: error.name, message: error.message, stack: error.stack };
}
