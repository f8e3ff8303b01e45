import { Fragment } from 'react';

/** The document's prose: paragraphs, **bold** and `code`, the only markup its texts use. */
export function ApiText({ text, className }: { text: string | undefined; className?: string }) {
  if (!text) return null;
  return (
    <div className={className}>
      {text.split(/\n\s*\n/).map((paragraph) => (
        <p key={paragraph} className="mb-2 last:mb-0">
          <Inline text={paragraph.replace(/\s*\n\s*/g, ' ')} />
        </p>
      ))}
    </div>
  );
}

export function Inline({ text }: { text: string }) {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`)/).map((part, index) => {
    const key = `${index}-${part}`;
    if (part.startsWith('**') && part.endsWith('**')) return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`')) {
      return (
        <code key={key} className="wrap-anywhere rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
          {part.slice(1, -1)}
        </code>
      );
    }
    return <Fragment key={key}>{part}</Fragment>;
  });
}
