import { describe, expect, it } from 'vitest';
import { ImportStop } from './import-stop';

describe('ImportStop', () => {
  it('stops an import until it is sealed, and tells the one who asked too late', () => {
    const running = new ImportStop();
    expect(running.stop()).toBe(true);
    expect(running.stopped).toBe(true);
    expect(running.signal.aborted).toBe(true);

    const saving = new ImportStop();
    saving.seal();
    expect(saving.stop()).toBe(false);
    expect(saving.stopped).toBe(false);
  });
});
