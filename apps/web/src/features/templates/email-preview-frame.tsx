import { cn } from '@/lib/utils';

/**
 * A rendered email in a sandboxed iframe: no allow-scripts and no allow-same-origin, so nothing in the
 * template runs or reaches the app. Links open nowhere (no allow-popups or top navigation).
 */
export function EmailPreviewFrame({
  html,
  title,
  className,
}: {
  html: string;
  title: string;
  className?: string;
}) {
  const document = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{margin:16px;font-family:Arial,Helvetica,sans-serif;color:#111}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={document}
      referrerPolicy="no-referrer"
      className={cn('h-[420px] w-full rounded-md border bg-white', className)}
    />
  );
}
