// A tiny stand-in for the Commander chat provider, so the widget's iframe loads offline. It records each request
// so a flow can check the query parameters the app passes (lang=en and the user's email).
import { createServer } from 'node:http';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Commander</title></head>
<body style="font-family:sans-serif;margin:16px"><h1 style="font-size:16px">Commander</h1>
<p>Support chat stand-in served by the browser tests.</p></body></html>`;

export function startChatStub() {
  const requests = [];
  const server = createServer((req, res) => {
    requests.push(new URL(req.url, 'http://stub'));
    if (req.url.startsWith('/favicon')) {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}/chat`;
      resolve({ url, requests, stop: () => new Promise((done) => server.close(done)) });
    });
  });
}
