import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebounced } from '@/lib/use-debounced';
import { cn } from '@/lib/utils';

/** A search box that reports its text once typing pauses, so each keystroke is not a request. */
export function SearchInput({
  label,
  placeholder,
  maxLength,
  onSearch,
  hideLabel = false,
}: {
  label: string;
  placeholder: string;
  maxLength: number;
  onSearch: (text: string) => void;
  hideLabel?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const settled = useDebounced(text.trim(), 250);
  useEffect(() => onSearch(settled), [settled, onSearch]);
  return (
    <div className="grid w-full gap-1.5 sm:w-72">
      <Label htmlFor={id} className={cn(hideLabel && 'sr-only')}>
        {label}
      </Label>
      <div className="relative">
        <SearchIcon
          aria-hidden
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={maxLength}
          counter={false}
          placeholder={placeholder}
          className="pl-8"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </div>
  );
}
