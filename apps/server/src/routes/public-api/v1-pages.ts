/** The page key of records listed newest first: their creation time, then id. */
export const byCreation = (record: { createdAt: string; id: string }) => ({
  at: record.createdAt,
  id: record.id,
});
