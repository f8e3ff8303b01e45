import type { ActivityItem } from '@prospector/contracts';

/** What each recorded action reads as between its actor and its subject: "Ada <launched> Spring outreach". */
const ACTION_TEXT: Record<string, string> = {
  'workspace.created': 'created the workspace',
  'workspace.renamed': 'renamed the workspace to',
  'workspace.deleted': 'deleted the workspace',
  'member.invited': 'invited',
  'member.joined': 'joined',
  'member.role_changed': 'changed the role of',
  'member.removed': 'removed',
  'member.left': 'left',
  'invitation.revoked': 'revoked the invitation of',
  'sequence.created': 'created the sequence',
  'sequence.launched': 'launched the sequence',
  'sequence.paused': 'paused the sequence',
  'sequence.resumed': 'resumed the sequence',
  'sequence.deleted': 'deleted the sequence',
  'list.deleted': 'deleted the list',
  'template.deleted': 'deleted the template',
  'workflow.deleted': 'deleted the workflow',
  'mailbox.connected': 'connected the mailbox',
  'mailbox.removed': 'removed the mailbox',
  'api_key.created': 'created the API key',
  'api_key.revoked': 'revoked the API key',
  'webhook.created': 'created the webhook',
  'webhook.deleted': 'deleted the webhook',
};

/** An action this page does not know yet still reads as words: "report.exported" → "exported report". */
export function actionText(action: string): string {
  const known = ACTION_TEXT[action];
  if (known) return known;
  const [subject = '', verb = action] = action.split('.');
  return `${verb.replace(/_/g, ' ')} ${subject.replace(/_/g, ' ')}`.trim();
}

/** Actions a person does to themselves read without the subject: "Ada joined the workspace". */
const SELF_TEXT: Record<string, string> = {
  'member.joined': 'joined the workspace',
  'member.left': 'left the workspace',
};

/** The parts of one line: "<actor> <what> <subject>". */
export function activityLine(item: ActivityItem): { actor: string; what: string; subject: string } {
  const actor = item.actorName || 'Someone';
  const self = SELF_TEXT[item.action];
  if (self && (!item.subjectName || item.subjectName === item.actorName)) {
    return { actor, what: self, subject: '' };
  }
  return { actor, what: actionText(item.action), subject: item.subjectName };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long before `now` `iso` was. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(Math.round(seconds / 60), 'minute');
}
