import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { createCallGate } from './call-gate';

const limits = { concurrency: 2, maxWaiting: 1, busyMessage: 'Busy, try again', retryAfterSeconds: 7 };

function deferred() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('createCallGate', () => {
  it('runs `concurrency` calls at once, lines up `maxWaiting`, and refuses the next with a Retry-After', async () => {
    const gate = createCallGate(limits);
    const calls = [deferred(), deferred(), deferred()];
    let started = 0;
    const results = calls.map((call) =>
      gate.run(() => {
        started += 1;
        return call.promise;
      }),
    );
    await Promise.resolve();
    expect(started).toBe(2);
    expect(gate.stats()).toEqual({ running: 2, waiting: 1 });

    const refused = await gate.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('RATE_LIMITED');
    expect((refused as AppError).message).toBe('Busy, try again');
    expect((refused as AppError).details).toEqual({ retryAfterSeconds: 7 });

    calls[0]!.resolve('first');
    expect(await results[0]).toBe('first');
    await Promise.resolve();
    expect(started).toBe(3);
    expect(gate.stats()).toEqual({ running: 2, waiting: 0 });
    calls[1]!.resolve('second');
    calls[2]!.resolve('third');
    expect(await Promise.all(results)).toEqual(['first', 'second', 'third']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a patient caller wait past the line instead of refusing it', async () => {
    const gate = createCallGate({ ...limits, concurrency: 1, maxWaiting: 0 });
    const first = deferred();
    const running = gate.run(() => first.promise);
    const patient = gate.run(async () => 'patient', { patient: true });
    expect(gate.stats()).toEqual({ running: 1, waiting: 1 });
    first.resolve('first');
    expect(await Promise.all([running, patient])).toEqual(['first', 'patient']);
  });

  it('frees the place of a call that fails', async () => {
    const gate = createCallGate({ ...limits, concurrency: 1, maxWaiting: 0 });
    await expect(gate.run(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
