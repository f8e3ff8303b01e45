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
import { useCustomKeys } from './use-custom-keys';

/** Inserts a variable, or one with a fallback, where the cursor is. */
export function VariableInserter({
  onInsert,
  label = 'Variables',
}: {
  onInsert: (text: string) => void;
  label?: string;
}) {
  const customKeys = useCustomKeys();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={label}>
          <BracesIcon aria-hidden />
          Variables
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 w-72 overflow-y-auto">
        <DropdownMenuLabel>Insert a variable</DropdownMenuLabel>
        {TEMPLATE_VARIABLES.map((v) => (
          <DropdownMenuItem key={v.name} onSelect={() => onInsert(`{{${v.name}}}`)}>
            <span className="flex flex-col">
              <code className="text-xs">{`{{${v.name}}}`}</code>
              <span className="text-muted-foreground text-xs">{v.description}</span>
            </span>
          </DropdownMenuItem>
        ))}
        {customKeys.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Your custom fields</DropdownMenuLabel>
            {customKeys.map((key) => (
              <DropdownMenuItem key={key} onSelect={() => onInsert(`{{${key}}}`)}>
                <code className="text-xs">{`{{${key}}}`}</code>
              </DropdownMenuItem>
            ))}
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onInsert('{{random|Hi|Hello|Hey}}')}>
          <span className="flex flex-col">
            <code className="text-xs">{'{{random|Hi|Hello|Hey}}'}</code>
            <span className="text-muted-foreground text-xs">One of the options, picked per email</span>
          </span>
        </DropdownMenuItem>
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
