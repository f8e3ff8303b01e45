import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Who sent a request that Fastify never saw: its address and the Host name it asked for. */
export interface RequestClient {
  ip(request: IncomingMessage): string | undefined;
  hostname(request: IncomingMessage): string;
}

const trustEveryProxy = () => true;

/** The last value of a header a proxy chain may have set more than once. */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
}

/**
 * request.ip and request.hostname exactly as Fastify (5) gives them for `trustProxy` true or false: with
 * it, the client named by X-Forwarded-For and the host by X-Forwarded-Host; without, the socket's peer and
 * the Host header. Its port and an IPv6 literal's brackets are handled as Fastify does.
 */
export function requestClient(trustProxy: boolean): RequestClient {
  const hostOf = (request: IncomingMessage): string => {
    const forwarded = trustProxy ? request.headers['x-forwarded-host'] : undefined;
    if (typeof forwarded === 'string' && forwarded !== '') return lastEntry(forwarded);
    return request.headers.host ?? (request.headers[':authority'] as string | undefined) ?? '';
  };
  return {
    ip: trustProxy
      ? (request) => proxyAddr(request, trustEveryProxy)
      : (request) => request.socket.remoteAddress,
    hostname(request) {
      const host = hostOf(request);
      if (host[0] === '[') return host.slice(0, host.indexOf(']') + 1);
      const colon = host.indexOf(':');
      return colon === -1 ? host : host.slice(0, colon);
    },
  };
}
