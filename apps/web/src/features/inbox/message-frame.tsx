import { useEffect, useRef, useState } from 'react';

/**
 * An email's (already sanitised) HTML in a sandboxed frame: no scripts, and a Content-Security-Policy that
 * loads no remote image until the user asks (then the kept addresses are put back). Quoted text
 * (blockquotes, Gmail's and Outlook's quote blocks) is folded unless shown.
 */
export function MessageFrame({
  html,
  showImages,
  showQuoted,
  title,
}: {
  html: string;
  showImages: boolean;
  showQuoted: boolean;
  title: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const body = showImages ? html.replace(/data-remote-src=/g, 'src=') : html;
  const images = showImages ? 'img-src data: cid: https: http:;' : 'img-src data: cid:;';
  const fold = showQuoted
    ? ''
    : 'blockquote,.gmail_quote,#divRplyFwdMsg,#divRplyFwdMsg ~ *{display:none!important}';
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; ${images}"><base target="_blank"><style>body{margin:0;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#111;overflow-wrap:anywhere}img{max-width:100%;height:auto}${fold}</style></head><body>${body}</body></html>`;

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      const inner = element.contentDocument?.body;
      if (inner) setHeight(Math.min(Math.max(inner.scrollHeight + 8, 40), 2000));
    };
    // Measured again when the frame's width changes (a phone turned, a window resized): the text rewraps.
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    element.addEventListener('load', measure);
    return () => {
      resized.disconnect();
      element.removeEventListener('load', measure);
    };
  }, []);

  return (
    <iframe
      ref={frame}
      title={title}
      // Same origin only so the frame's height can be read; without allow-scripts nothing in it runs.
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={document}
      referrerPolicy="no-referrer"
      style={{ height }}
      className="w-full border-0 bg-white"
    />
  );
}
