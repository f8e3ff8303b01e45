export * from './assistant-settings';
export { assistantReasonsOf } from './auto-draft';
export * from './auto-send';
export * from './detect-language';
export * from './draft-answer';
export * from './draft-safety';
export { readyDraft } from './draft-view';
export * from './sending-hours';
