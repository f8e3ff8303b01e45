import { useEffect, useRef } from 'react';

export interface InboxKeyActions {
  next: () => void;
  previous: () => void;
  open: () => void;
  done: () => void;
  reply: () => void;
  status: (index: number) => void;
}

/** Typing in a field, or a dialog or menu being open, leaves the keys to them. */
function typingOrModal(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  if (
    element.closest(
      'input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"], [role="listbox"]',
    )
  ) {
    return true;
  }
  return Boolean(document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]'));
}

/** The inbox's keys: j/k move, Enter opens, e marks done, r replies, 1 to 6 set a status. */
export function useInboxKeys(actions: InboxKeyActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingOrModal(event.target)) return;
      const act = latest.current;
      const handlers: Record<string, () => void> = {
        j: act.next,
        k: act.previous,
        Enter: act.open,
        e: act.done,
        r: act.reply,
      };
      const digit = /^[1-6]$/.test(event.key) ? Number(event.key) : 0;
      const handler = digit ? () => act.status(digit - 1) : handlers[event.key];
      // Enter on a focused control (a button, a link) keeps its own meaning.
      if (!handler || (event.key === 'Enter' && (event.target as HTMLElement).closest('button, a'))) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
