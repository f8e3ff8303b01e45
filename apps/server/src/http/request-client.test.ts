import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestClient } from './request-client';

/** Header sets a client or a proxy chain may send. */
const ASKS: { remoteAddress: string; headers: Record<string, string> }[] = [
  { remoteAddress: '203.0.113.7', headers: {} },
  { remoteAddress: '203.0.113.7', headers: { host: 'App.Example.com:8443' } },
  { remoteAddress: '::1', headers: { host: '[2001:db8::1]:3000' } },
  { remoteAddress: '::ffff:10.0.0.2', headers: { host: '[::1]' } },
  { remoteAddress: '10.0.0.2', headers: { host: 'internal:80', 'x-forwarded-for': '198.51.100.4' } },
  {
    remoteAddress: '10.0.0.2',
    headers: {
      host: 'internal',
      'x-forwarded-for': '198.51.100.4, 192.0.2.9 ,10.0.0.1',
      'x-forwarded-host': 'first.example, links.acme.example:443 ',
    },
  },
  { remoteAddress: '10.0.0.2', headers: { host: 'internal', 'x-forwarded-host': '' } },
  { remoteAddress: '10.0.0.2', headers: { host: 'internal', 'x-forwarded-for': 'not an address' } },
];

describe("a raw request's client, as Fastify sees it", () => {
  for (const trustProxy of [false, true]) {
    it(`gives request.ip and request.hostname ${trustProxy ? 'behind a trusted proxy' : 'without a proxy'}`, async () => {
      const client = requestClient(trustProxy);
      const app = Fastify({ trustProxy });
      app.get('/', async (request) => ({
        fastify: { ip: request.ip, hostname: request.hostname },
        raw: { ip: client.ip(request.raw), hostname: client.hostname(request.raw) },
      }));
      for (const ask of ASKS) {
        const answer = (await app.inject({ url: '/', ...ask })).json<{ fastify: object; raw: object }>();
        expect(answer.raw, JSON.stringify(ask)).toEqual(answer.fastify);
      }
      await app.close();
    });
  }

  it('names the forwarded client and host only when the proxy is trusted', () => {
    const request = {
      headers: {
        host: 'internal:80',
        'x-forwarded-for': '198.51.100.4',
        'x-forwarded-host': 'links.example',
      },
      socket: { remoteAddress: '10.0.0.2' },
      connection: { remoteAddress: '10.0.0.2' },
    } as never;
    expect([requestClient(true).ip(request), requestClient(true).hostname(request)]).toEqual([
      '198.51.100.4',
      'links.example',
    ]);
    expect([requestClient(false).ip(request), requestClient(false).hostname(request)]).toEqual([
      '10.0.0.2',
      'internal',
    ]);
  });
});
