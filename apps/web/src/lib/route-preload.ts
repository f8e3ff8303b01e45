import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

type Preloader = (queryClient: QueryClient, to: string) => void;

// Set by the route table when the signed-in app loads. Links reach it through here rather than importing the
// table, which imports every page (and pages hold links).
let preloader: Preloader | undefined;

export function setRoutePreloader(next: Preloader) {
  preloader = next;
}

/** Props for a link that preloads its page's code and first data when pointed at or focused. */
export function usePreloadOnIntent(to: string) {
  const queryClient = useQueryClient();
  const preload = useCallback(() => preloader?.(queryClient, to), [queryClient, to]);
  return { onMouseEnter: preload, onFocus: preload };
}
