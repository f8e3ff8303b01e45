import { type AnswerValues, answerVariables, missingVariablesMessage } from '@prospector/contracts';

/**
 * Under the answer box: the value each variable of the answer will be sent with, and, when one would be
 * empty without a fallback, the reason the answer cannot be sent yet.
 */
export function AnswerVariableValues({
  text,
  values,
  customKeys,
}: {
  text: string;
  values: AnswerValues | null;
  customKeys: readonly string[];
}) {
  const variables = answerVariables(text, values, customKeys);
  if (variables.length === 0) return null;
  const missing = variables.filter((variable) => variable.value === null);
  return (
    <div className="space-y-1 text-xs" aria-live="polite">
      <ul
        className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground"
        aria-label="Variables in this answer"
      >
        {variables.map((variable) => (
          <li key={variable.raw}>
            <code>{variable.raw}</code> →{' '}
            {variable.value === null ? (
              <span className="text-destructive">empty</span>
            ) : (
              <span className="text-foreground">{variable.value || '(nothing)'}</span>
            )}
          </li>
        ))}
      </ul>
      {missing.length > 0 && (
        <p role="alert" className="text-destructive">
          {missingVariablesMessage(missing)}
        </p>
      )}
    </div>
  );
}

/** Whether the answer may be sent: no variable of it would be empty. */
export function answerIsComplete(text: string, values: AnswerValues | null, customKeys: readonly string[]) {
  return answerVariables(text, values, customKeys).every((variable) => variable.value !== null);
}
