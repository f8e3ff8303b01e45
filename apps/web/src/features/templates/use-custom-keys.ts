import type { TemplateVariablesResponse } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

const EMPTY: string[] = [];

/** The user's custom field keys ({{icebreaker}}), known to the editor's menu and its warning. */
export function useCustomKeys(): string[] {
  const query = useQuery({
    queryKey: ['/api/template-variables'],
    queryFn: () => apiJson<TemplateVariablesResponse>('GET', '/api/template-variables'),
    staleTime: 30_000,
  });
  return query.data?.customKeys ?? EMPTY;
}
