import { z } from 'zod';

/** GET /api/public-config: what the browser may know about the deployment. Never a secret. */
export const publicConfigSchema = z.object({
  /** Base URL of the Commander support chat; the widget is hidden when null. */
  chatWidgetUrl: z.string().nullable(),
  /** Mixpanel-compatible project token; analytics are off when null. */
  analyticsToken: z.string().nullable(),
  /** Mixpanel-compatible API host, for self-hosted or EU endpoints. */
  analyticsApiHost: z.string().nullable(),
  /** True when outside services are served by the built-in sandbox. */
  sandbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
