import {
  type IndustrySuggestion,
  type LeadFilterType,
  type LeadSuggestionsResponse,
  SUGGESTION_MIN_CHARS,
  TEXT_LIMITS,
} from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiJson } from '@/lib/api';
import { useDebounced } from '@/lib/use-debounced';
import { cn } from '@/lib/utils';

/** A picked criterion: a suggestion or a custom text. */
export interface IndustryChip {
  /** An industry picked from the list: its id (its name). Null for a custom industry, a title or a place. */
  id: string | null;
  name: string;
}

/** Spec sections 5 and 9: type-ahead waits 500 ms after the last key. */
const DEBOUNCE_MS = 500;
export const MIN_CHARS_HINT = 'Type at least 2 characters to search.';

const sameChip = (a: IndustryChip, b: IndustryChip) =>
  a.name.trim().toLowerCase() === b.name.trim().toLowerCase();

function useSuggestions(filterType: LeadFilterType, query: string) {
  return useQuery({
    queryKey: ['/api/apollo/search', filterType, query],
    enabled: query.length >= SUGGESTION_MIN_CHARS,
    queryFn: async (): Promise<IndustryChip[]> => {
      try {
        const { suggestions } = await apiJson<LeadSuggestionsResponse>('POST', '/api/apollo/search', {
          query,
          filterType,
        });
        return suggestions.map((s: string | IndustrySuggestion) =>
          typeof s === 'string' ? { id: null, name: s } : { id: s.id, name: s.name },
        );
      } catch (error) {
        // Spec section 8: a failed suggestion search is logged and the suggestions are cleared.
        console.warn('Suggestion search failed', error);
        return [];
      }
    },
  });
}

/**
 * A criteria field: suggestions from 2 characters (debounced; titles and places from Apollo, industries
 * from the app's list), pick one or 'Use custom', and keep the picks as removable chips without duplicates
 * (industries compared by name).
 */
export function CriteriaTypeahead({
  label,
  filterType,
  placeholder,
  chips,
  onChange,
}: {
  label: string;
  filterType: LeadFilterType;
  placeholder: string;
  chips: IndustryChip[];
  onChange: (chips: IndustryChip[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const typed = text.trim();
  const suggestions = useSuggestions(filterType, query);
  const options: { chip: IndustryChip; custom: boolean }[] =
    typed.length < SUGGESTION_MIN_CHARS
      ? []
      : [
          ...(query === typed ? (suggestions.data ?? []) : []).map((chip) => ({ chip, custom: false })),
          { chip: { id: null, name: typed }, custom: true },
        ];

  const add = (chip: IndustryChip) => {
    if (!chips.some((existing) => sameChip(existing, chip))) onChange([...chips, chip]);
    setText('');
    setActive(-1);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active] ?? options.at(-1);
      if (option) add(option.chip);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const listId = `${id}-options`;
  const showList = open && typed.length > 0;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          placeholder={placeholder}
          maxLength={TEXT_LIMITS.searchText}
          counter={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {showList && (
          <div className="absolute z-20 mt-1 w-full rounded-md border bg-popover p-1 text-sm shadow-md">
            {typed.length < SUGGESTION_MIN_CHARS ? (
              <p className="px-2 py-1.5 text-muted-foreground">{MIN_CHARS_HINT}</p>
            ) : (
              <>
                {(suggestions.isFetching || query !== typed) && (
                  <p className="px-2 py-1.5 text-muted-foreground">Searching...</p>
                )}
                <div
                  id={listId}
                  role="listbox"
                  aria-label={`${label} suggestions`}
                  className="max-h-60 overflow-y-auto"
                >
                  {options.map((option, index) => (
                    <div
                      key={`${option.custom ? 'custom' : 'found'}-${option.chip.id ?? option.chip.name}`}
                      id={`${listId}-${index}`}
                      role="option"
                      tabIndex={-1}
                      aria-selected={index === active}
                      className={cn(
                        'cursor-pointer rounded-sm px-2 py-1.5 hover:bg-accent',
                        index === active && 'bg-accent',
                      )}
                      onMouseDown={(event) => {
                        event.preventDefault();
                        add(option.chip);
                      }}
                    >
                      {option.custom ? (
                        <span>
                          Use custom: <span className="font-medium">"{option.chip.name}"</span>
                        </span>
                      ) : (
                        option.chip.name
                      )}
                    </div>
                  ))}
                </div>
              </>
            )}
          </div>
        )}
      </div>
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Selected ${label.toLowerCase()}`}>
          {chips.map((chip) => (
            <li key={chip.id ?? chip.name}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 text-sm">
                {chip.name}
                <button
                  type="button"
                  className="rounded-sm p-0.5 hover:bg-muted-foreground/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Remove ${chip.name}`}
                  onClick={() => onChange(chips.filter((existing) => existing !== chip))}
                >
                  <XIcon className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {filterType === 'industry' && chips.length > 1 && (
        <p className="text-muted-foreground text-xs">
          Apollo searches industries as keywords: each one added narrows the results.
        </p>
      )}
    </div>
  );
}
