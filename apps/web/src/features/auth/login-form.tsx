import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@prospector/contracts';
import { useForm } from 'react-hook-form';
import { Link, type To } from 'react-router';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { EmailField } from './email-field';
import { PasswordInput } from './password-input';
import { useLogin } from './sign-in-mutations';

/** `forgotPasswordHref` opens the Reset Password dialog (the page watches for its #forgot-password hash). */
export function LoginForm({ forgotPasswordHref }: { forgotPasswordHref: To }) {
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <EmailField control={form.control} name="email" />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending && <Spinner />}
          Sign In
        </Button>
        {/* After the button: Tab goes email, password, Sign In, then the links. */}
        <Link
          to={forgotPasswordHref}
          className="-mt-2 justify-self-center rounded-sm text-muted-foreground text-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Forgot password?
        </Link>
      </form>
    </Form>
  );
}
