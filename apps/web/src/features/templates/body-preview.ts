/** Decodes the few entities a tag-stripped body commonly holds, without touching the DOM. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The card's preview (spec section 9): the first 100 characters of the body with tags stripped. */
export function bodyPreview(html: string, length = 100): string {
  const text = html
    .replace(/<(style|script|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, length);
}
