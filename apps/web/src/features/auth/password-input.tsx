import { MAX_PASSWORD_LENGTH } from '@prospector/contracts';
import type * as React from 'react';
import { Input } from '@/components/ui/input';

/** A password field; `autoComplete` says whether the browser should fill or generate one. */
export function PasswordInput(props: Omit<React.ComponentProps<typeof Input>, 'type'>) {
  return (
    <Input
      type="password"
      spellCheck={false}
      autoCapitalize="none"
      maxLength={MAX_PASSWORD_LENGTH}
      counter={false}
      {...props}
    />
  );
}
