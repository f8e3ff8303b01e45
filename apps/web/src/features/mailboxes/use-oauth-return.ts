import { GOOGLE_CONNECT_ERRORS } from '@prospector/contracts';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/use-toast';

interface ReturnToasts {
  connected: { title: string; description: string };
  error: { title: string; description: string };
  /** When the user cancelled on the consent page; Google's by default. */
  cancelled?: { title: string; description: string };
  /** What each `error` of the return means; Google's by default. */
  errors?: Record<string, string>;
}

/** Google's answer when the user pressed Cancel on its consent page: a choice, not a failure. */
const CANCELLED = 'access_denied';
const CANCELLED_TOAST = {
  title: 'Connection cancelled',
  description: 'You cancelled on the Google consent page, so nothing was connected.',
};

/**
 * The OAuth return (`?connected=true` or `?error=...`): one toast (information when the user cancelled on the
 * consent page; a failure otherwise, saying what to do when the app can explain it, such as unticked
 * permissions), then the query string is removed so a reload does not repeat it (the tab anchor stays).
 */
export function useOAuthReturn(toasts: ReturnToasts, onConnected?: () => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  const handled = useRef(false);
  const connected = params.get('connected') === 'true';
  const error = params.get('error');

  useEffect(() => {
    if ((!connected && !error) || handled.current) return;
    handled.current = true;
    if (connected) {
      toast(toasts.connected);
      onConnected?.();
    } else if (error === CANCELLED) toast(toasts.cancelled ?? CANCELLED_TOAST);
    else {
      const description = (toasts.errors ?? GOOGLE_CONNECT_ERRORS)[error ?? ''] ?? toasts.error.description;
      toast({ ...toasts.error, description, variant: 'destructive' });
    }
    navigate({ pathname, hash }, { replace: true });
  }, [connected, error, toasts, onConnected, navigate, pathname, hash]);
}
