import type { StepType } from '@prospector/contracts';
import { ClockIcon, ListPlusIcon, type LucideIcon, MailIcon } from 'lucide-react';

/** The three step types as the add-step chooser and the step cards name them. */
export const STEP_TYPE_INFO: Record<StepType, { label: string; description: string; icon: LucideIcon }> = {
  send_email: {
    label: 'Send Email',
    description: 'Send a template from your mailbox, then branch on opens and replies.',
    icon: MailIcon,
  },
  wait: { label: 'Wait', description: 'Pause for some hours or days before the next step.', icon: ClockIcon },
  add_to_persona: {
    label: 'Add to Email List',
    description: 'Put the contact on one of your email lists.',
    icon: ListPlusIcon,
  },
};
