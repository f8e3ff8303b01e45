import {
  type Clock,
  createManualClock,
  createMxLookup,
  createResolver,
  type MxLookup,
} from '@prospector/core';
import dns2 from 'dns2';

const { Packet } = dns2;
/** RFC 1035 response codes (dns2's typings leave out Packet.RCODE). */
const SERVFAIL = 2;
const NXDOMAIN = 3;

/** How a name answers: with its records, SERVFAIL, or not at all (the resolver times out). */
export type ZoneBehaviour = 'answer' | 'servfail' | 'silent';

/** What `set` gives one domain: its records, or a way to fail. */
export type DomainAnswer =
  | { mx: string[] }
  | { a: string }
  | 'null-mx'
  | 'no-records'
  | Exclude<ZoneBehaviour, 'answer'>;

interface Zone {
  cname?: string;
  mx?: string[];
  a?: string;
}

const TYPE_NAMES: Record<number, string> = {
  [Packet.TYPE.A]: 'A',
  [Packet.TYPE.AAAA]: 'AAAA',
  [Packet.TYPE.MX]: 'MX',
  [Packet.TYPE.CNAME]: 'CNAME',
};

/**
 * A real DNS server on loopback (dns2, UDP) holding the CNAME, MX and A records that tests set and remove.
 * A name can be made to answer SERVFAIL or not answer at all; a name it was not told about is NXDOMAIN.
 */
export async function startDnsServer() {
  const zones = new Map<string, Zone>();
  const behaviours = new Map<string, ZoneBehaviour>();
  /** Questions asked, as `TYPE name`. */
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      const type = question?.type ?? 0;
      queries.push(`${TYPE_NAMES[type] ?? String(type)} ${name}`);
      const behaviour = behaviours.get(name) ?? 'answer';
      if (behaviour === 'silent') return;
      if (behaviour === 'servfail') {
        response.header.rcode = SERVFAIL;
        return send(response);
      }
      const zone = zones.get(name);
      if (!zone) {
        response.header.rcode = NXDOMAIN;
        return send(response);
      }
      // dns2's typings want encoder objects; its encoder takes plain records.
      const push = (record: object) =>
        response.answers.push({ name, class: Packet.CLASS.IN, ttl: 60, ...record } as never);
      if (type === Packet.TYPE.CNAME && zone.cname) push({ type, domain: zone.cname });
      if (type === Packet.TYPE.A && zone.a) push({ type, address: zone.a });
      if (type === Packet.TYPE.MX)
        for (const [i, exchange] of (zone.mx ?? []).entries())
          push({ type, exchange, priority: 10 * (i + 1) });
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { udp } = server.addresses() as { udp: { port: number } };
  const address = `127.0.0.1:${udp.port}`;
  const zoneOf = (name: string) => {
    const key = name.toLowerCase();
    behaviours.delete(key);
    const zone = zones.get(key) ?? {};
    zones.set(key, zone);
    return zone;
  };
  const behave = (name: string, behaviour: ZoneBehaviour) => behaviours.set(name.toLowerCase(), behaviour);
  /** The app's resolver over this server, with a short timeout so silent names are quick. */
  const resolver = (clock: Clock = createManualClock()) =>
    createResolver({ servers: [address], clock, timeoutMs: 1000, tries: 2 });
  return {
    /** `127.0.0.1:<port>`, for DNS_SERVERS. */
    address,
    queries,
    setCname(name: string, target: string) {
      zoneOf(name).cname = target;
    },
    /** A domain's mail records (or a failure), replacing what it had. */
    set(name: string, answer: DomainAnswer) {
      if (answer === 'servfail' || answer === 'silent') return behave(name, answer);
      const zone = zoneOf(name);
      zone.mx = answer === 'null-mx' ? [''] : typeof answer === 'object' && 'mx' in answer ? answer.mx : [];
      zone.a = typeof answer === 'object' && 'a' in answer ? answer.a : undefined;
    },
    remove(name: string) {
      zones.delete(name.toLowerCase());
    },
    behave,
    resolver,
    mxLookup: (clock: Clock = createManualClock()): MxLookup => createMxLookup(resolver(clock), { clock }),
    close: () => server.close(),
  };
}
export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>;
