import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { useDebounced } from '@/lib/use-debounced';

/** The plain-text body the server derives (html-to-text) from an HTML body, while typing pauses. */
export function useDerivedPlainText(htmlBody: string, enabled: boolean) {
  const settled = useDebounced(htmlBody, 500);
  return useQuery({
    queryKey: ['/api/templates/plain-text', settled],
    queryFn: () =>
      apiJson<{ plainTextBody: string }>('POST', '/api/templates/plain-text', { htmlBody: settled }).then(
        (r) => r.plainTextBody,
      ),
    enabled: enabled && settled.trim() !== '',
    placeholderData: (previous) => previous,
  });
}
