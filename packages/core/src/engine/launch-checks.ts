import {
  type LaunchProblem,
  UNREACHABLE_STEPS_CODE,
  unreachableSteps,
  unreachableStepsMessage,
} from '@prospector/contracts';
import { senderHealthWarnings } from '../sender-health/launch-warnings';
import type { EngineDeps } from './engine-deps';
import type { SequencePlan } from './engine-store';
import { nothingToSendProblem } from './something-to-send';

/** What a check of a sequence before its launch gets. */
export interface LaunchCheckInput {
  workspaceId: string;
  plan: SequencePlan;
  /** Contacts the launch's enrolment would take now. */
  enrol: number;
}

/** A check of the launch review: its findings, each blocking the launch or only told. */
export type LaunchCheck = (deps: EngineDeps, input: LaunchCheckInput) => Promise<LaunchProblem[]>;

const stepsReached: LaunchCheck = async (_deps, { plan }) => {
  const steps = unreachableSteps([...plan.steps.values()], plan.sequence);
  if (steps.length === 0) return [];
  return [{ code: UNREACHABLE_STEPS_CODE, message: unreachableStepsMessage(steps), blocking: true }];
};

const somethingToSend: LaunchCheck = async (deps, { plan, enrol }) => {
  const problem = await nothingToSendProblem(deps.db, plan.sequence.workspaceId, plan.sequence.id, enrol);
  return problem ? [problem] : [];
};

const senderHealth: LaunchCheck = async (deps, { plan }) => senderHealthWarnings(deps.db, plan.sequence);

/**
 * Every check the launch review runs, in the order their findings are shown. A new check (template
 * variables, say) is one more entry here.
 */
export const LAUNCH_CHECKS: readonly LaunchCheck[] = [somethingToSend, stepsReached, senderHealth];

export async function runLaunchChecks(deps: EngineDeps, input: LaunchCheckInput): Promise<LaunchProblem[]> {
  const found = await Promise.all(LAUNCH_CHECKS.map((check) => check(deps, input)));
  return found.flat();
}
