import { z } from 'zod';

/** GET /api/integrations/google (404 when there is none). Tokens never leave the server. */
export interface GoogleIntegration {
  status: 'connected' | 'disconnected' | 'error';
  userEmail: string | null;
  createdAt: string;
  sandbox: boolean;
}

/** Longest Apollo API key accepted (theirs are far shorter). */
export const MAX_APOLLO_KEY_LENGTH = 200;

export const apolloKeySchema = z.object({
  apiKey: z
    .string({ error: 'Please enter an API key' })
    .trim()
    .min(1, 'Please enter an API key')
    .max(MAX_APOLLO_KEY_LENGTH, 'API key is too long')
    // The key travels in an HTTP header, which holds printable ASCII only (Apollo's keys are letters,
    // digits, '-' and '_').
    .regex(/^[\x21-\x7e]+$/, 'API key can hold only letters, digits and symbols, without spaces'),
});
export type ApolloKeyInput = z.infer<typeof apolloKeySchema>;

export const apolloToggleSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type ApolloToggleInput = z.infer<typeof apolloToggleSchema>;

/** GET and PUT /api/integrations/apollo: the key only ever comes back masked. */
export interface ApolloKeyStatus {
  hasKey: boolean;
  maskedKey: string | null;
  enabled: boolean;
}
