import { createManualClock, createMxLookup, type MxLookup } from '@prospector/core';
import dns2 from 'dns2';

const { Packet } = dns2;
/** RFC 1035 response codes (dns2's typings lack Packet.RCODE). */
const SERVFAIL = 2;
const NXDOMAIN = 3;

/** What the loopback DNS server answers for one domain. */
export type DomainAnswer =
  | { mx: string[] }
  | { a: string }
  | 'null-mx'
  | 'no-records'
  | 'servfail'
  /** Never answers: the resolver times out. */
  | 'silent';

export interface TestDnsServer {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  server: string;
  /** Questions asked, as `TYPE domain`. */
  queries: string[];
  set(domain: string, answer: DomainAnswer): void;
  /** A resolver over this server, with a short timeout so "silent" domains are quick. */
  mxLookup(clock?: ReturnType<typeof createManualClock>): MxLookup;
  close(): Promise<void>;
}

/**
 * A real DNS server on loopback (dns2, UDP) holding MX, A and error answers per domain. Domains it was not
 * told about are NXDOMAIN.
 */
export async function startTestDnsServer(): Promise<TestDnsServer> {
  const answers = new Map<string, DomainAnswer>();
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const type = question?.type;
      queries.push(`${type === Packet.TYPE.MX ? 'MX' : type === Packet.TYPE.A ? 'A' : String(type)} ${name}`);
      // dns2's typings want encoder objects; its encoder takes plain records.
      const push = (record: object) => response.answers.push(record as (typeof response.answers)[number]);
      const answer = answers.get(name);
      if (answer === 'silent') return;
      if (answer === undefined) response.header.rcode = NXDOMAIN;
      else if (answer === 'servfail') response.header.rcode = SERVFAIL;
      else if (answer === 'null-mx' && type === Packet.TYPE.MX) {
        push({ name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl: 300, exchange: '', priority: 0 });
      } else if (typeof answer === 'object' && 'mx' in answer && type === Packet.TYPE.MX) {
        for (const [i, exchange] of answer.mx.entries()) {
          push({
            name,
            type: Packet.TYPE.MX,
            class: Packet.CLASS.IN,
            ttl: 300,
            exchange,
            priority: 10 * (i + 1),
          });
        }
      } else if (typeof answer === 'object' && 'a' in answer && type === Packet.TYPE.A) {
        push({ name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 300, address: answer.a });
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const address = server.addresses().udp;
  if (!address) throw new Error('the test DNS server did not bind');
  const endpoint = `127.0.0.1:${address.port}`;
  return {
    server: endpoint,
    queries,
    set: (domain, answer) => answers.set(domain.toLowerCase(), answer),
    mxLookup: (clock = createManualClock()) =>
      createMxLookup({ clock, servers: [endpoint], timeoutMs: 1000, tries: 2 }),
    close: async () => {
      await server.close();
    },
  };
}
