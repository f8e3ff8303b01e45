import { ONBOARDING_STEP_KEYS, type Onboarding } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { isGroupActive, NAV_GROUPS } from '../../components/layout/sidebar-nav-config';
import {
  nextOnboardingStep,
  nextStepSidebarGroup,
  ONBOARDING_STEP_LINKS,
  onboardingProgress,
  showsChecklist,
} from './onboarding-steps';

const state = (doneKeys: string[], dismissed = false): Onboarding => ({
  steps: ONBOARDING_STEP_KEYS.map((key) => ({ key, done: doneKeys.includes(key) })),
  dismissed,
});

describe('the Get started checklist', () => {
  it('counts the steps done', () => {
    expect(onboardingProgress(state([]))).toBe('0 of 4 done');
    expect(onboardingProgress(state(['mailbox', 'template']))).toBe('2 of 4 done');
  });

  it('shows until dismissed or all done', () => {
    expect(showsChecklist(undefined)).toBe(false);
    expect(showsChecklist(state(['mailbox']))).toBe(true);
    expect(showsChecklist(state(['mailbox'], true))).toBe(false);
    expect(showsChecklist(state([...ONBOARDING_STEP_KEYS]))).toBe(false);
  });

  it('opens the sidebar group of the first undone step, and none once the checklist is gone', () => {
    expect(nextOnboardingStep(state([]))).toBe('mailbox');
    expect(nextStepSidebarGroup(state([]))).toBe('email-connections');
    expect(nextStepSidebarGroup(state(['mailbox']))).toBe('contacts-hub');
    expect(nextStepSidebarGroup(state(['mailbox', 'contacts']))).toBe('campaign-builder');
    expect(nextStepSidebarGroup(state(['mailbox', 'contacts'], true))).toBeUndefined();
    expect(nextStepSidebarGroup(state([...ONBOARDING_STEP_KEYS]))).toBeUndefined();
  });

  it("links each step to pages that live in the step's sidebar group", () => {
    for (const key of ONBOARDING_STEP_KEYS) {
      const { href, alternative, sidebarGroup } = ONBOARDING_STEP_LINKS[key];
      const group = NAV_GROUPS.find((g) => g.id === sidebarGroup);
      for (const link of [href, alternative?.href].filter((h) => h !== undefined)) {
        expect(group && isGroupActive(group, link.split('#')[0] ?? link), `${key}: ${link}`).toBe(true);
      }
    }
    expect(ONBOARDING_STEP_LINKS.contacts.alternative?.href).toBe('/contacts-hub/leads-finder');
  });
});
