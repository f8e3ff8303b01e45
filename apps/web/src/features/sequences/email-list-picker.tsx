import { PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { usePersonas } from '../email-lists/email-list-queries';
import type { StepControl } from './step-form';

/** The add-to-list step's email list, with a way to create a new one on the spot. */
export function EmailListPicker({ control, onCreate }: { control: StepControl; onCreate: () => void }) {
  const lists = usePersonas();
  return (
    <FormField
      control={control}
      name="personaId"
      render={({ field }) => (
        <FormItem>
          <div className="flex items-center justify-between gap-2">
            <FormLabel>Email List</FormLabel>
            <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onCreate}>
              <PlusIcon /> Create New Email List
            </Button>
          </div>
          <Select value={field.value} onValueChange={field.onChange} disabled={lists.isPending}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue
                  placeholder={lists.isPending ? 'Loading email lists...' : 'Select an email list'}
                />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {(lists.data ?? []).map((list) => (
                <SelectItem key={list.id} value={list.id}>
                  {list.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
