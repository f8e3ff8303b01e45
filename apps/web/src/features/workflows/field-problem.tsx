import { useCallback, useState } from 'react';
import { validationToast } from './validation-toast';
import {
  FIELD_IDS,
  type WorkflowField,
  type WorkflowFormValues,
  type WorkflowProblem,
} from './workflow-form';

/** Changing any of these fields may solve the field's problem, so its message goes away. */
const SOLVED_BY: Record<WorkflowField, (keyof WorkflowFormValues)[]> = {
  name: ['name'],
  startAt: ['startAt', 'startStrategy'],
  endAt: ['endAt', 'hasEndDate', 'frequencyType', 'startAt', 'startStrategy'],
  emailListIds: ['emailListIds'],
};

/**
 * The form's current problem: shown as the spec's 'Validation Error' toast and next to its field, which is
 * scrolled into view and focused (the field may be far from the button the user pressed).
 */
export function useFieldProblem() {
  const [problem, setProblem] = useState<WorkflowProblem | null>(null);
  const show = useCallback((next: WorkflowProblem) => {
    setProblem(next);
    validationToast(next.message);
    // After the render that marks the field: it may only now be on the page (the wizard's other step).
    requestAnimationFrame(() => {
      const element = document.getElementById(FIELD_IDS[next.field]);
      // An instant scroll: a smooth one can be cut short when the field's message changes the layout.
      element?.scrollIntoView({ block: 'center' });
      element?.focus({ preventScroll: true });
    });
  }, []);
  const changed = useCallback((patch: Partial<WorkflowFormValues>) => {
    setProblem((current) =>
      current && SOLVED_BY[current.field].some((key) => key in patch) ? null : current,
    );
  }, []);
  return { problem, show, changed };
}

/** The message under a field with a problem; the field points to it with aria-describedby. */
export function FieldError({ field, problem }: { field: WorkflowField; problem: WorkflowProblem | null }) {
  if (problem?.field !== field) return null;
  return (
    <p id={errorId(field)} className="text-destructive text-sm">
      {problem.message}
    </p>
  );
}

export const errorId = (field: WorkflowField) => `${FIELD_IDS[field]}-error`;

/** aria-invalid and aria-describedby for a field's input. */
export function invalidProps(field: WorkflowField, problem: WorkflowProblem | null) {
  const invalid = problem?.field === field;
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId(field) : undefined };
}
