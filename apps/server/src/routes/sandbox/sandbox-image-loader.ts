import { type CoreDeps, OPEN_PIXEL_PATH, recordOpen } from '@prospector/core';

const PIXEL_FILE = new RegExp(`^${OPEN_PIXEL_PATH}/([^/]+)\\.gif$`);

/**
 * The images of a simulated open, answered in-process: the app's open pixel is recorded through the
 * pixel's own use case, as a fetch from Gmail's image proxy would be. Nothing else is loaded and nothing
 * goes over HTTP, so an image pointing at a click link (a redirect anywhere) makes the server fetch nothing.
 */
export function sandboxImageLoader(core: CoreDeps) {
  return async (src: URL, userAgent: string): Promise<boolean> => {
    const file = PIXEL_FILE.exec(src.pathname)?.[1];
    if (file === undefined) return false;
    let trackingToken: string;
    try {
      trackingToken = decodeURIComponent(file);
    } catch {
      return false;
    }
    await recordOpen(core, { trackingToken, userAgent, at: core.clock.now() });
    return true;
  };
}
