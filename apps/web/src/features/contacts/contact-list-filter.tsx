import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { usePersonas } from '../email-lists/email-list-queries';

/** The contacts page's filter by email list: every list of the user, or all. */
export function ContactListFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const lists = usePersonas().data ?? [];
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="list-filter">Email list</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="list-filter" className="w-full sm:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">All email lists</SelectItem>
          {lists.map((list) => (
            <SelectItem key={list.id} value={list.id}>
              {list.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
