/** Every failing API response has this body; `code` is present where the spec names one. */
export interface ErrorBody {
  message: string;
  code?: string;
}

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  duplicateEmail: 'DUPLICATE_EMAIL',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  badRequest: 'BAD_REQUEST',
  forbidden: 'FORBIDDEN',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
