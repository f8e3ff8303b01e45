/** A mailbox that wants an IDLE connection, in the order it was connected. */
export interface WatchCandidate {
  id: string;
  workspaceId: string;
}

/**
 * Which mailboxes get one of `cap` IDLE connections, shared fairly between users: every user's first
 * mailbox, then every user's second, and so on (users in the order of their first mailbox), until the cap.
 * Each user so gets at least max(1, floor(cap / users)) when they have that many (the first `cap` users
 * when there are more users than places), and places a user leaves unused go to those who have more.
 * A new user takes a place from the user with the most; one who leaves gives theirs back.
 */
export function fairWatchShare(candidates: WatchCandidate[], cap: number): Set<string> {
  const byUser = new Map<string, string[]>();
  for (const { id, workspaceId } of candidates)
    byUser.set(workspaceId, [...(byUser.get(workspaceId) ?? []), id]);
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < cap; round++) {
    let added = false;
    for (const ids of byUser.values()) {
      const id = ids[round];
      if (id === undefined || chosen.size >= cap) continue;
      chosen.add(id);
      added = true;
    }
    if (!added) break;
  }
  return chosen;
}
