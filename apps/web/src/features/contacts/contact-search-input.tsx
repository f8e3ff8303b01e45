import { TEXT_LIMITS } from '@prospector/contracts';
import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebounced } from '@/lib/use-debounced';

/**
 * The contact search box: name, email, company or title, accents ignored by the server. Reports the text
 * once typing pauses, so each keystroke is not a request.
 */
export function ContactSearchInput({ onSearch }: { onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const settled = useDebounced(text.trim(), 250);
  useEffect(() => onSearch(settled), [settled, onSearch]);
  return (
    <div className="grid w-full gap-1.5 sm:w-72">
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <SearchIcon
          aria-hidden
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={TEXT_LIMITS.searchText}
          counter={false}
          placeholder="Name, email, company or title"
          className="pl-8"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </div>
  );
}
