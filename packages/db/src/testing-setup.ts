// Vitest global setup of the integration tests (see vitest.config.ts).
export { prepareTestDatabases as setup } from './testing';
