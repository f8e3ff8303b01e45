import type { CoreDeps } from '../deps';
import { type BatchRecorderOptions, createBatchRecorder } from './batch-recorder';
import { LINK_BURST_MS } from './click-filter';
import { isLinkToken } from './link-token';
import { type ClickRequest, recordClicks } from './record-click';

/**
 * Clicks, written in batches like the pixel's opens. Each waits until it is a burst's length old, and is
 * written with every other click of its email that came meanwhile, so a scanner opening all the links of
 * an email is judged as one burst, never counted link by link.
 */
export function createClickRecorder(deps: CoreDeps, options: BatchRecorderOptions = {}) {
  return createBatchRecorder<ClickRequest>((batch) => recordClicks(deps, batch), {
    flushEveryMs: 250,
    ...options,
    accepts: (click) => isLinkToken(click.trackingToken),
    settle: {
      ms: LINK_BURST_MS,
      now: () => deps.clock.now(),
      at: (click) => click.at,
      key: (click) => click.trackingToken,
    },
  });
}
export type ClickRecorder = ReturnType<typeof createClickRecorder>;
