import type { InboundMark } from '@prospector/contracts';
import { ChevronDownIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useClassifyInbound } from './replies-queries';

const MARKS: { as: InboundMark; label: string; hint: string }[] = [
  { as: 'reply', label: 'Reply', hint: "A person's reply: stops the contact's sequence" },
  { as: 'auto_reply', label: 'Automatic reply', hint: 'Changes nothing; hidden with the auto-replies' },
  { as: 'bounce', label: 'Bounce', hint: 'The address does not work: never email it again' },
];

/** The user's say on an automated message no rule recognised: what it really is. */
export function MarkMessageMenu({ eventId, from }: { eventId: string; from: string }) {
  const classify = useClassifyInbound();
  const mark = (as: InboundMark) => classify.mutate({ id: eventId, as });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          disabled={classify.isPending}
          aria-label={`Mark the message from ${from}`}
        >
          Mark as
          <ChevronDownIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>This automated message is</DropdownMenuLabel>
        {MARKS.map((item) => (
          <DropdownMenuItem
            key={item.as}
            onSelect={() => mark(item.as)}
            className="flex-col items-start gap-0.5"
          >
            <span>{item.label}</span>
            <span className="text-muted-foreground text-xs">{item.hint}</span>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => mark('ignore')} className="flex-col items-start gap-0.5">
          <span>Ignore</span>
          <span className="text-muted-foreground text-xs">Changes nothing; hidden from the inbox</span>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
