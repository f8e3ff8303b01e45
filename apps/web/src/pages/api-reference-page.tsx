import standaloneUrl from '@scalar/api-reference/browser/standalone.js?url';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { PageHeader } from './page-header';

declare global {
  interface Window {
    Scalar?: {
      createApiReference: (element: HTMLElement, config: Record<string, unknown>) => { destroy?: () => void };
    };
  }
}

/** Loads the reference renderer (served with the app, never from a CDN) once, when this page opens. */
function loadScalar(): Promise<void> {
  if (window.Scalar) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = standaloneUrl;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The API reference could not be loaded'));
    document.head.append(script);
  });
}

/** The public API's reference, rendered from /api/v1/openapi.json. */
export default function ApiReferencePage() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let instance: { destroy?: () => void } | undefined;
    let cancelled = false;
    loadScalar().then(
      () => {
        if (cancelled || !container.current || !window.Scalar) return;
        instance = window.Scalar.createApiReference(container.current, {
          url: '/api/v1/openapi.json',
          withDefaultFonts: false,
          hideClientButton: true,
          // The vendor's toolbar (Share, Deploy, Configure) shows on localhost by default: not for our users.
          showDeveloperTools: 'never',
          hideDarkModeToggle: true,
          telemetry: false,
          agent: { disabled: true },
          mcp: { disabled: true },
        });
        setState('ready');
      },
      () => !cancelled && setState('error'),
    );
    return () => {
      cancelled = true;
      instance?.destroy?.();
    };
  }, []);

  return (
    <div className="w-full space-y-4 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="API reference"
        subtitle="The REST API at /api/v1, for the API keys made in Settings"
      />
      {state === 'loading' && <Spinner />}
      {state === 'error' && (
        <p className="text-destructive text-sm">The API reference could not be loaded.</p>
      )}
      <div ref={container} data-testid="api-reference" />
    </div>
  );
}
