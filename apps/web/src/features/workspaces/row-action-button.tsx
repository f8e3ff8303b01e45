import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * A table row's action: its icon on a phone, its word from the `sm` width up. `label` names it fully for a
 * screen reader where the word alone would not say whom it acts on.
 */
export function RowActionButton({
  icon: Icon,
  text,
  label,
  onClick,
}: {
  icon: LucideIcon;
  text: string;
  label?: string;
  onClick: () => void;
}) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} onClick={onClick}>
      <Icon aria-hidden className="sm:hidden" />
      <span className={label ? 'hidden sm:inline' : 'sr-only sm:not-sr-only'}>{text}</span>
    </Button>
  );
}
