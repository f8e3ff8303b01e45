import { TEMPLATE_VARIABLES } from '@prospector/contracts';
import { BracesIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** Inserts a variable, or one with a fallback, where the cursor is. */
export function VariableInserter({
  onInsert,
  label = 'Insert variable',
}: {
  onInsert: (text: string) => void;
  label?: string;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={label}>
          <BracesIcon aria-hidden />
          Variables
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>Insert a variable</DropdownMenuLabel>
        {TEMPLATE_VARIABLES.map((v) => (
          <DropdownMenuItem key={v.name} onSelect={() => onInsert(`{{${v.name}}}`)}>
            <span className="flex flex-col">
              <code className="text-xs">{`{{${v.name}}}`}</code>
              <span className="text-muted-foreground text-xs">{v.description}</span>
            </span>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onInsert('{{first_name|there}}')}>
          <span className="flex flex-col">
            <code className="text-xs">{'{{first_name|there}}'}</code>
            <span className="text-muted-foreground text-xs">First name, or “there” when unknown</span>
          </span>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
