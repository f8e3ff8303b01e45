export {
  APOLLO_CONNECT_FAILED,
  APOLLO_NOT_MASTER_KEY,
  APOLLO_OUT_OF_CREDITS,
  APOLLO_RATE_LIMITED,
  ApolloApiError,
  type ApolloClient,
  ApolloRateLimitError,
  createApolloClient,
} from './apollo-client';
export {
  activeApolloKey,
  getApolloKey,
  maskKey,
  toggleApolloKey,
} from './apollo-key';
export * from './apollo-settings';
export { APOLLO_EMPLOYEE_RANGES, apolloSearchParams, toLead } from './apollo-wire';
export { checkApolloKey, SAVE_KEY_FAILED } from './check-apollo-key';
export { apolloClientFor, connectApollo } from './connect-apollo';
export { getJob, JOB_NOT_FOUND } from './get-job';
export {
  type ImportApolloLeadsInput,
  type ImportApolloLeadsResult,
  importApolloLeads,
} from './import-apollo-leads';
export { LEAD_IMPORT_JOB, LEAD_IMPORT_TYPE } from './lead-import-job';
export { revealLeadEmail } from './reveal-lead-email';
export { ADD_LEADS_FAILED, PROGRESS_WRITE_INTERVAL_MS, runLeadImportJob } from './run-lead-import-job';
export { saveApolloKey } from './save-apollo-key';
export { searchLeadSuggestions } from './search-lead-suggestions';
export { searchLeads } from './search-leads';
export { searchPersonaLeads } from './search-persona-leads';
export { addAllLeadsToPersona, addLeadsToPersona, NO_VALID_EMAILS } from './start-lead-import';
