import type { GraphMessageRow } from './microsoft-store';

const address = (value: string | null) => ({ emailAddress: { name: value ?? '', address: value ?? '' } });

/** A message resource as Graph shows it (the fields the app and Outlook clients read), cut to `$select`. */
export function messageResource(row: GraphMessageRow, select?: string) {
  const full: Record<string, unknown> = {
    '@odata.etag': `W/"${row.seq}"`,
    id: row.id,
    createdDateTime: row.receivedDateTime.toISOString(),
    lastModifiedDateTime: row.receivedDateTime.toISOString(),
    receivedDateTime: row.receivedDateTime.toISOString(),
    sentDateTime: row.receivedDateTime.toISOString(),
    hasAttachments: false,
    internetMessageId: row.internetMessageId,
    subject: row.subject,
    parentFolderId:
      row.folder === 'inbox' ? 'AQMkADAwATNiZmYAZS1pbmJveAAuAAAD' : 'AQMkADAwATNiZmYAZS1zZW50AAuAAAD',
    conversationId: row.conversationId,
    isRead: row.folder === 'sentitems',
    isDraft: false,
    from: address(row.fromAddress),
    sender: address(row.fromAddress),
    toRecipients: row.toAddress ? [address(row.toAddress)] : [],
  };
  if (!select) return full;
  const wanted = new Set(select.split(',').map((s) => s.trim()));
  return Object.fromEntries(
    Object.entries(full).filter(([k]) => k === '@odata.etag' || k === 'id' || wanted.has(k)),
  );
}
