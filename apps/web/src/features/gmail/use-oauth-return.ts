import { GOOGLE_CONNECT_ERRORS } from '@prospector/contracts';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/use-toast';

interface ReturnToasts {
  connected: { title: string; description: string };
  error: { title: string; description: string };
}

/**
 * The OAuth return (`?connected=true` or `?error=...`): one toast (an error the app can explain, such as
 * unticked permissions, says what to do), then the query string is removed so a reload does not repeat it
 * (the tab anchor stays).
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
    } else {
      const description = GOOGLE_CONNECT_ERRORS[error ?? ''] ?? toasts.error.description;
      toast({ ...toasts.error, description, variant: 'destructive' });
    }
    navigate({ pathname, hash }, { replace: true });
  }, [connected, error, toasts, onConnected, navigate, pathname, hash]);
}
