import { fileURLToPath } from 'node:url';

/**
 * apps/web/dist, found from this file's own location: `../../web/dist` holds both for src/web-dist.ts
 * (run from source) and for dist/main.js (the bundle), so the working directory never matters.
 */
export const defaultWebDistDir = (): string => fileURLToPath(new URL('../../web/dist', import.meta.url));
