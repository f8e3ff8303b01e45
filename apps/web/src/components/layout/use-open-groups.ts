import { useCallback, useEffect, useState } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';
import { DEFAULT_OPEN_GROUPS, type NavGroup, OPEN_GROUPS_STORAGE_KEY } from './sidebar-nav-config';

function load(): string[] {
  const raw = readStorage(OPEN_GROUPS_STORAGE_KEY);
  if (raw === null) return DEFAULT_OPEN_GROUPS;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter((v): v is string => typeof v === 'string')
      : DEFAULT_OPEN_GROUPS;
  } catch {
    return DEFAULT_OPEN_GROUPS;
  }
}

/**
 * Which sidebar groups are open, kept in localStorage. The group holding the current page is opened when
 * the user navigates to it, so the highlighted link is never hidden; so is the group holding the next step
 * of the "Get started" checklist, so a newcomer sees where to go.
 */
export function useOpenGroups(activeGroup: NavGroup | undefined, nextStepGroupId?: string) {
  const [open, setOpen] = useState<string[]>(load);

  const update = useCallback((next: (prev: string[]) => string[]) => {
    setOpen((prev) => {
      const value = next(prev);
      writeStorage(OPEN_GROUPS_STORAGE_KEY, JSON.stringify(value));
      return value;
    });
  }, []);

  const activeId = activeGroup?.kind === 'group' ? activeGroup.id : undefined;
  useEffect(() => {
    if (activeId) update((prev) => (prev.includes(activeId) ? prev : [...prev, activeId]));
  }, [activeId, update]);

  useEffect(() => {
    if (nextStepGroupId) {
      update((prev) => (prev.includes(nextStepGroupId) ? prev : [...prev, nextStepGroupId]));
    }
  }, [nextStepGroupId, update]);

  const setGroupOpen = useCallback(
    (id: string, isOpen: boolean) =>
      update((prev) => (isOpen ? [...prev.filter((g) => g !== id), id] : prev.filter((g) => g !== id))),
    [update],
  );

  return { isOpen: (id: string) => open.includes(id), setGroupOpen };
}
