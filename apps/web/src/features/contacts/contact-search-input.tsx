import { TEXT_LIMITS } from '@prospector/contracts';
import { SearchInput } from '@/components/search-input';

/** The contact search box: name, email, company or title, accents ignored by the server. */
export function ContactSearchInput({ onSearch }: { onSearch: (text: string) => void }) {
  return (
    <SearchInput
      label="Search"
      placeholder="Name, email, company or title"
      maxLength={TEXT_LIMITS.searchText}
      onSearch={onSearch}
    />
  );
}
