export * from './answer-conversation';
export * from './get-conversation';
export * from './labels';
export * from './lead-status-rules';
export * from './list-conversations';
export * from './sanitise-email-html';
export * from './set-lead-status';
export * from './update-conversation';
