export {
  API_KEY_NOT_FOUND,
  API_KEY_PREFIX,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from './api-keys';
export { decodeCursor, encodeCursor, INVALID_CURSOR, pageInMemory, pageInOrder } from './cursor';
export {
  finishIdempotent,
  IDEMPOTENCY_CREATED_GONE,
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEY_REUSED,
  requestHash,
  startIdempotent,
} from './idempotency';
export { type ApiKeyIdentity, resolveApiKey } from './resolve-api-key';
