import type { Onboarding, OnboardingStepKey, WorkspaceRoleName } from '@prospector/contracts';

export interface OnboardingStepLink {
  label: string;
  href: string;
  /** Another page where the step can be done, named after "or". */
  alternative?: { label: string; href: string };
  /** The sidebar group that holds the pages where the step is done. */
  sidebarGroup: string;
  /** The least role in the workspace that can do the step. */
  doneBy: WorkspaceRoleName;
}

/** What each step of the "Get started" checklist says, and where it is done. */
export const ONBOARDING_STEP_LINKS: Record<OnboardingStepKey, OnboardingStepLink> = {
  mailbox: {
    label: 'Connect a mailbox',
    href: '/connection/gmail',
    sidebarGroup: 'email-connections',
    doneBy: 'admin',
  },
  contacts: {
    label: 'Get contacts from a CSV file',
    href: '/personas',
    alternative: { label: 'the Leads Finder', href: '/contacts-hub/leads-finder' },
    sidebarGroup: 'contacts-hub',
    doneBy: 'member',
  },
  template: {
    label: 'Write a template',
    href: '/campaign-builder/email-sending#templates',
    sidebarGroup: 'campaign-builder',
    doneBy: 'member',
  },
  launch: {
    label: 'Launch a sequence',
    href: '/sequences',
    sidebarGroup: 'campaign-builder',
    doneBy: 'member',
  },
};

/** "2 of 4 done". */
export function onboardingProgress(onboarding: Onboarding): string {
  const done = onboarding.steps.filter((step) => step.done).length;
  return `${done} of ${onboarding.steps.length} done`;
}

/** The checklist shows until it is dismissed or every step is done. */
export function showsChecklist(onboarding: Onboarding | undefined): onboarding is Onboarding {
  return Boolean(onboarding && !onboarding.dismissed && onboarding.steps.some((step) => !step.done));
}

/** The first step not done yet, while the checklist shows. */
export function nextOnboardingStep(onboarding: Onboarding | undefined): OnboardingStepKey | undefined {
  return showsChecklist(onboarding) ? onboarding.steps.find((step) => !step.done)?.key : undefined;
}

/** The sidebar group holding the next step, kept open while the checklist shows. */
export function nextStepSidebarGroup(onboarding: Onboarding | undefined): string | undefined {
  const next = nextOnboardingStep(onboarding);
  return next && ONBOARDING_STEP_LINKS[next].sidebarGroup;
}
