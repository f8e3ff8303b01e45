import { type RefObject, useLayoutEffect } from 'react';

/** Where toasts start from the top of the window when a page header is shown (see ToastViewport). */
export const TOAST_TOP_VAR = '--toast-top';

/** The bottom edge of an element on the page, in whole pixels: where the element ends when scrolled to the top. */
export function bottomOnPage(rect: Pick<DOMRect, 'bottom'>, scrollY: number): string {
  return `${Math.ceil(rect.bottom + scrollY)}px`;
}

/**
 * Keeps toasts below the element (a page header with its actions), however many rows its buttons wrap to, so
 * a toast never covers them.
 */
export function useToastsBelow(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty(TOAST_TOP_VAR, bottomOnPage(element.getBoundingClientRect(), window.scrollY));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_TOP_VAR);
    };
  }, [ref]);
}
