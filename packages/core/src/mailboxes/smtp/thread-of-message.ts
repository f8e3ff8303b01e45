/** A message's header block, unfolded (continuation lines joined), as text. */
function headerBlock(raw: Buffer): string {
  const text = raw.subarray(0, 256 * 1024).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
}

/** Every `<id>` of one header of the message, in order. */
export function headerMessageIds(raw: Buffer, name: string): string[] {
  const line = headerBlock(raw)
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? (line.slice(name.length + 1).match(/<[^<>\s]+>/g) ?? []) : [];
}

/**
 * An SMTP mailbox's thread id: the first Message-ID of the chain. References lists the chain from its
 * start (RFC 5322 3.6.4), In-Reply-To names the parent when References is missing, and a message that
 * starts a chain is its own thread.
 */
export function threadIdOf(raw: Buffer, ownMessageId?: string): string {
  return (
    headerMessageIds(raw, 'References')[0] ??
    headerMessageIds(raw, 'In-Reply-To')[0] ??
    headerMessageIds(raw, 'Message-ID')[0] ??
    ownMessageId ??
    ''
  );
}
