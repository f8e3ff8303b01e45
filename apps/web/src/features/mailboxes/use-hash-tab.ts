import { useLocation, useNavigate } from 'react-router';

/** A tab kept in the URL hash (`#overview`), so each tab is reachable as an anchor. */
export function useHashTab<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: string) => void] {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = hash.replace(/^#/, '');
  const tab = (tabs as readonly string[]).includes(current) ? (current as T) : fallback;
  const select = (next: string) => navigate({ pathname, search, hash: next }, { replace: true });
  return [tab, select];
}
