/** What a list page's bulk action applies to: the ticked rows, or every contact of the list. */
export type ListSelection = { contactIds: string[] } | { allOfList: true; count: number };

export function selectionCount(selection: ListSelection): number {
  return 'allOfList' in selection ? selection.count : selection.contactIds.length;
}

/** The part of a bulk request's body that names the contacts (the move API takes either form). */
export function selectionBody(selection: ListSelection): { contactIds: string[] } | { allOfList: true } {
  return 'allOfList' in selection ? { allOfList: true } : { contactIds: selection.contactIds };
}
