import type { CoreDeps } from '../deps';
import { type BatchRecorderOptions, createBatchRecorder } from './batch-recorder';
import { isLinkToken } from './link-token';
import { type OpenRequest, recordOpens } from './record-open';

/** Pixel fetches, written in batches of up to 100 every 50 ms (recordOpens). */
export function createOpenRecorder(deps: CoreDeps, options: BatchRecorderOptions = {}) {
  return createBatchRecorder<OpenRequest>((batch) => recordOpens(deps, batch), {
    ...options,
    accepts: (open) => isLinkToken(open.trackingToken),
  });
}
export type OpenRecorder = ReturnType<typeof createOpenRecorder>;
