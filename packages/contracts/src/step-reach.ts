// Which steps of a sequence an enrolment can ever reach (decisions 026, 039). Every enrolment enters at the
// lowest-order step; a send step leads on through its reaction outcomes (clicked only when it branches on
// clicks, opened only when the sequence tracks opens), a wait or add-to-list step through its next step.
// A step no path leads to never runs.

/** The fields of a step that decide where an enrolment goes next. */
export interface StepLinks {
  id: string;
  name: string;
  order: number;
  stepType: 'send_email' | 'wait' | 'add_to_persona';
  notOpenedStepId: string | null;
  openedNoReplyStepId: string | null;
  repliedStepId: string | null;
  branchOnClick: boolean;
  clickedStepId: string | null;
  nextActionType: string | null;
  nextActionStepId: string | null;
}

/** A step no outcome leads to, as the launch refusal and the launch review name it. */
export interface UnreachableStep {
  id: string;
  name: string;
}

/** The 422 code of a launch refused because some steps are never reached. */
export const UNREACHABLE_STEPS_CODE = 'UNREACHABLE_STEPS';

export const unreachableStepsMessage = (steps: readonly UnreachableStep[]) =>
  `${steps.length === 1 ? 'A step is' : `${steps.length} steps are`} never reached: ${steps
    .map((step) => `"${step.name}"`)
    .join(', ')}. Connect them (Connect in order) or remove them before launching.`;

/** What of the sequence decides which outcomes exist: without the pixel, nobody is ever 'opened'. */
export interface ReachOptions {
  trackOpens?: boolean;
}

function targetsOf(step: StepLinks, { trackOpens = true }: ReachOptions): (string | null)[] {
  if (step.stepType !== 'send_email') return step.nextActionType === 'end' ? [] : [step.nextActionStepId];
  return [
    step.notOpenedStepId,
    trackOpens ? step.openedNoReplyStepId : null,
    step.repliedStepId,
    step.branchOnClick ? step.clickedStepId : null,
  ];
}

/** The steps no path from the first step leads to, in order. */
export function unreachableSteps<T extends StepLinks>(steps: readonly T[], options: ReachOptions = {}): T[] {
  const ordered = [...steps].sort((a, b) => a.order - b.order);
  const byId = new Map(ordered.map((step) => [step.id, step]));
  const reached = new Set<string>();
  const pending = ordered[0] ? [ordered[0]] : [];
  while (pending.length > 0) {
    const step = pending.pop() as T;
    if (reached.has(step.id)) continue;
    reached.add(step.id);
    for (const id of targetsOf(step, options)) {
      const target = id ? byId.get(id) : undefined;
      if (target && !reached.has(target.id)) pending.push(target);
    }
  }
  return ordered.filter((step) => !reached.has(step.id));
}
