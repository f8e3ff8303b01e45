/** One recipient block of a message/delivery-status part (RFC 3464), field names lower-cased. */
export type RecipientFields = Record<string, string>;

/** The per-recipient blocks of delivery-status parts: those naming a recipient or giving a status. */
export function recipientBlocks(reports: string[]): RecipientFields[] {
  return reports.flatMap((report) =>
    report
      .replace(/\r?\n[ \t]+/g, ' ')
      .split(/\r?\n\s*\r?\n/)
      .map((block) => {
        // Field names come from a stranger's message: none may reach Object.prototype.
        const fields: RecipientFields = Object.create(null);
        for (const line of block.split(/\r?\n/)) {
          const colon = line.indexOf(':');
          const name = line.slice(0, colon).trim().toLowerCase();
          if (colon > 0 && !(name in fields)) fields[name] = line.slice(colon + 1).trim();
        }
        return fields;
      })
      .filter((fields) => fields.status || fields['final-recipient'] || fields.action),
  );
}

/** The block the report is about: the first failed recipient, else the first delayed, else the first. */
export function failedBlock(blocks: RecipientFields[]): RecipientFields | undefined {
  const action = (f: RecipientFields) => (f.action ?? '').toLowerCase();
  return (
    blocks.find((f) => action(f).startsWith('fail')) ??
    blocks.find((f) => action(f).startsWith('delay')) ??
    blocks[0]
  );
}

/** `rfc822; a@b.c` -> `a@b.c`. */
export const recipientOf = (value: string | undefined) =>
  value
    ?.replace(/^[\w-]+;\s*/, '')
    .replace(/^<|>$/g, '')
    .trim()
    .toLowerCase() || null;

/** An enhanced status code (RFC 3463) in a text, e.g. 5.1.1; `2.0.0` in a transcript is ignored. */
export function statusCodeIn(text: string | null | undefined): string | null {
  for (const match of (text ?? '').matchAll(/(?<![\d.])([45])\.(\d{1,3})\.(\d{1,3})(?![\d.]*\d)/g)) {
    return `${match[1]}.${Number(match[2])}.${Number(match[3])}`;
  }
  return null;
}

/** A basic SMTP reply code (RFC 5321) next to failure text, e.g. 550. */
export function replyCodeIn(text: string | null | undefined): string | null {
  return /(?<![\d.])([45][0-5]\d)(?=[ -][^.\d])/.exec(text ?? '')?.[1] ?? null;
}
