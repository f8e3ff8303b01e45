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

/** A page of a list whose total may be a lower bound (a search counts its matches up to a cap). */
export interface CountedPage {
  total: number;
  totalIsExact: boolean;
  contacts: readonly unknown[];
}

/**
 * The pages to offer: those of the total; past a total that is only a lower bound, one more page while the
 * current one is full, since more matches may follow.
 */
export function pagesToOffer(data: CountedPage | undefined, page: number, pageSize: number): number {
  const pages = pageCount(data?.total ?? 0, pageSize);
  if (!data || data.totalIsExact) return pages;
  return Math.max(pages, data.contacts.length < pageSize ? page : page + 1);
}

/** A total as shown: "1,234", or "1,000+" when it is a lower bound. */
export const totalLabel = (data: Pick<CountedPage, 'total' | 'totalIsExact'>) =>
  `${data.total.toLocaleString('en-US')}${data.totalIsExact ? '' : '+'}`;
