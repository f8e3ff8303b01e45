/** Spec section 9: the pagination shows at most 5 page numbers. */
export const PAGE_WINDOW = 5;

/** The page numbers to show: a window of at most `size` pages around the current one, within 1..pages. */
export function pageNumbers(current: number, pages: number, size = PAGE_WINDOW): number[] {
  if (pages <= 0) return [];
  const count = Math.min(size, pages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
