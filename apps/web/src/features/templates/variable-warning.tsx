import { TriangleAlertIcon } from 'lucide-react';

/** An amber alert about variables that would not be sent as the user means them. */
export function VariableWarning({ children }: { children: React.ReactNode }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
