/**
 * This process's place among the engine workers, drawn once when it starts. Workers need no number of their
 * own and no count of the others (pg-boss keeps no list of live workers across processes): a worker that
 * comes or goes moves no other worker's place, and every worker still walks every mailbox.
 */
const processClaimOffset = Math.random();

/**
 * The order one worker tries the ready mailboxes in: the list every worker reads (ordered by id), started at
 * the worker's offset and wrapped around. Workers at different offsets start on different mailboxes, so they
 * take different mailbox locks at once; the mailboxes past a worker's first ones are the others' share, taken
 * only when its own have nothing left.
 */
export function claimOrder(mailboxIds: string[], offset: number = processClaimOffset): string[] {
  const start = Math.floor(offset * mailboxIds.length) % Math.max(1, mailboxIds.length);
  return [...mailboxIds.slice(start), ...mailboxIds.slice(0, start)];
}
