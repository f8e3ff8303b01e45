export {
  assertLaunchVariables,
  checkLaunchVariables,
  type LaunchVariablesInput,
} from './check-launch-variables';
export { listLaunchSkips, listSkippedContacts } from './launch-skips';
export { listPreviewContacts } from './preview-contacts';
export {
  previewStepAsContact,
  STEP_HAS_NO_EMAIL,
  STEP_NOT_IN_SEQUENCE,
} from './preview-step';
export { reviewLaunchVariables } from './review-launch-variables';
export { listTemplateVariables, userCustomKeys } from './template-variable-list';
