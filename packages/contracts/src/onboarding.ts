/** The "Get started" checklist's steps, in the order a new user takes them. */
export const ONBOARDING_STEP_KEYS = ['mailbox', 'contacts', 'template', 'launch'] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEP_KEYS)[number];

export interface OnboardingStep {
  key: OnboardingStepKey;
  done: boolean;
}

/** GET /api/onboarding: each step ticked from the user's data, and whether the checklist was dismissed. */
export interface Onboarding {
  steps: OnboardingStep[];
  dismissed: boolean;
}
