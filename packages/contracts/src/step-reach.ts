// Which steps of a sequence an enrolment can ever reach (decision 026). Every enrolment enters at the
// lowest-order step; a send step leads on through its three reaction outcomes, a wait or add-to-list step
// through its next step. A step no path leads to never runs.

/** The fields of a step that decide where an enrolment goes next. */
export interface StepLinks {
  id: string;
  name: string;
  order: number;
  stepType: 'send_email' | 'wait' | 'add_to_persona';
  notOpenedStepId: string | null;
  openedNoReplyStepId: string | null;
  repliedStepId: string | null;
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

function targetsOf(step: StepLinks): (string | null)[] {
  if (step.stepType === 'send_email')
    return [step.notOpenedStepId, step.openedNoReplyStepId, step.repliedStepId];
  return step.nextActionType === 'end' ? [] : [step.nextActionStepId];
}

/** The steps no path from the first step leads to, in order. */
export function unreachableSteps<T extends StepLinks>(steps: readonly T[]): T[] {
  const ordered = [...steps].sort((a, b) => a.order - b.order);
  const byId = new Map(ordered.map((step) => [step.id, step]));
  const reached = new Set<string>();
  const pending = ordered[0] ? [ordered[0]] : [];
  while (pending.length > 0) {
    const step = pending.pop() as T;
    if (reached.has(step.id)) continue;
    reached.add(step.id);
    for (const id of targetsOf(step)) {
      const target = id ? byId.get(id) : undefined;
      if (target && !reached.has(target.id)) pending.push(target);
    }
  }
  return ordered.filter((step) => !reached.has(step.id));
}
