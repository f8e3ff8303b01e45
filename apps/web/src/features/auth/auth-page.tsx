import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

// The dialog (and Radix Dialog with it) loads on first use, keeping it out of the sign-in bundle.
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

/** The Reset Password dialog is open while the URL carries this hash. */
const FORGOT_HASH = '#forgot-password';

/**
 * One screen for signing in and creating an account: /signup shows Create Account, any other path Sign In.
 * The toggle link switches the path, keeping where to go afterwards (`?next=`); each form remounts on the
 * switch, so both start empty.
 */
export default function AuthPage() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const isSignup = pathname === '/signup';
  const forgotOpen = !isSignup && hash === FORGOT_HASH;
  const setForgotOpen = (open: boolean) =>
    navigate({ pathname, search, hash: open ? FORGOT_HASH : '' }, { replace: !open });

  return (
    <AuthLayout>
      <Card className="gap-6">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {isSignup ? 'Create Account' : 'Sign In'}
          </CardTitle>
          <CardDescription>
            {isSignup
              ? 'Start finding leads and sending sequences'
              : 'Enter your email and password to continue'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isSignup ? (
            <RegisterForm key="signup" />
          ) : (
            <LoginForm key="login" forgotPasswordHref={{ pathname, search, hash: FORGOT_HASH }} />
          )}
        </CardContent>
        <CardFooter className="justify-center">
          <Link
            to={{ pathname: isSignup ? '/login' : '/signup', search }}
            className="rounded-sm text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {isSignup ? 'Already have an account?' : "Don't have an account?"}{' '}
            <span className="font-medium text-foreground underline underline-offset-4">
              {isSignup ? 'Sign in' : 'Sign up'}
            </span>
          </Link>
        </CardFooter>
      </Card>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onOpenChange={setForgotOpen} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
