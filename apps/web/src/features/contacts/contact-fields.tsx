import { CONTACT_TEXT_LIMITS } from '@prospector/contracts';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { TimeZoneOptions } from './contact-time-zone';

export interface ContactTextValues {
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  organizationName: string;
  industry: string;
  linkedinUrl: string;
  city: string;
  state: string;
  country: string;
  timezone: string;
}

export const EMPTY_CONTACT: ContactTextValues = {
  email: '',
  firstName: '',
  lastName: '',
  title: '',
  organizationName: '',
  industry: '',
  linkedinUrl: '',
  city: '',
  state: '',
  country: '',
  timezone: '',
};

const ZONE_LIST = 'contact-time-zones';

const FIELDS: {
  name: keyof ContactTextValues;
  label: string;
  type?: string;
  wide?: boolean;
  list?: string;
  placeholder?: string;
}[] = [
  { name: 'email', label: 'Email', type: 'email', wide: true },
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'title', label: 'Title' },
  { name: 'organizationName', label: 'Organization' },
  { name: 'industry', label: 'Industry' },
  { name: 'linkedinUrl', label: 'LinkedIn URL' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'country', label: 'Country' },
  { name: 'timezone', label: 'Time zone', list: ZONE_LIST, placeholder: 'From city or country' },
];

/** The text fields of a contact, shared by the create form (list detail) and the edit dialog (contacts). */
export function ContactTextFields<T extends FieldValues, TOut>({
  control,
}: {
  control: Control<T, unknown, TOut>;
}) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {FIELDS.map((f) => (
        <FormField
          key={f.name}
          control={control}
          name={f.name as Path<T>}
          render={({ field }) => (
            <FormItem className={f.wide ? 'sm:col-span-2' : undefined}>
              <FormLabel>{f.label}</FormLabel>
              <FormControl>
                <Input
                  type={f.type ?? 'text'}
                  autoComplete="off"
                  maxLength={CONTACT_TEXT_LIMITS[f.name]}
                  list={f.list}
                  placeholder={f.placeholder}
                  {...field}
                  value={field.value ?? ''}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      ))}
      <TimeZoneOptions id={ZONE_LIST} />
    </div>
  );
}
