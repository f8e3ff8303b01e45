import type { PublicConfig } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';

export const PUBLIC_CONFIG_KEY = ['/api/public-config'] as const;

/** GET /api/public-config once per page load (never stale); null values switch features off. */
export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: PUBLIC_CONFIG_KEY });
}
