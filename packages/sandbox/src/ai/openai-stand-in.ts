import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface StandInRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[]; [key: string]: unknown };
}

export interface OpenAiStandInOptions {
  /** What the model "answers" for a request; by default a fenced HTML paragraph quoting the user message. */
  reply?: (request: StandInRequest) => string;
  /** When set, requests without `Authorization: Bearer <apiKey>` get a 401, as OpenAI answers. */
  apiKey?: string;
  /** Answer every chat completion with this HTTP status (an upstream failure). */
  failWith?: number;
}

const defaultReply = (request: StandInRequest) => {
  const user = request.body.messages?.find((m) => m.role === 'user')?.content ?? '';
  return `\`\`\`html\n<p>Hi {{first_name|there}},</p>\n<p>${user.split('\n').at(-1)}</p>\n\`\`\``;
};

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A streamed answer as OpenAI sends it: a chunk per word, then the usage, then `[DONE]`. */
function streamCompletion(res: ServerResponse, request: StandInRequest, content: string) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const base = {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion.chunk',
    model: request.body.model ?? 'stand-in',
  };
  for (const word of content.match(/\S+\s*/g) ?? []) {
    const choice = { index: 0, delta: { content: word }, finish_reason: null };
    res.write(`data: ${JSON.stringify({ ...base, choices: [choice] })}\n\n`);
  }
  const words = content.split(/\s+/).filter(Boolean).length;
  const usage = { prompt_tokens: 321, completion_tokens: words, total_tokens: 321 + words };
  res.write(`data: ${JSON.stringify({ ...base, choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

async function readJson(req: IncomingMessage): Promise<StandInRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/**
 * A loopback OpenAI-compatible chat-completions server for tests, so the live client path (the openai
 * SDK over HTTP) runs without a model. Records every request.
 */
export async function startOpenAiStandIn(options: OpenAiStandInOptions = {}) {
  const requests: StandInRequest[] = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      send(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      return;
    }
    const request: StandInRequest = {
      path,
      authorization: req.headers.authorization,
      body: await readJson(req),
    };
    requests.push(request);
    if (options.apiKey && request.authorization !== `Bearer ${options.apiKey}`) {
      send(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      return;
    }
    if (options.failWith) {
      send(res, options.failWith, { error: { message: 'The server had an error', type: 'server_error' } });
      return;
    }
    const content = (options.reply ?? defaultReply)(request);
    if (request.body.stream) {
      streamCompletion(res, request, content);
      return;
    }
    send(res, 200, {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.body.model ?? 'stand-in',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    /** The base URL to give the openai SDK (AI_BASE_URL). */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
