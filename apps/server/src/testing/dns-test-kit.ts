import dns2 from 'dns2';

const { Packet } = dns2;
/** RFC 1035 response codes (dns2's typings leave out Packet.RCODE). */
const SERVFAIL = 2;
const NXDOMAIN = 3;

export type ZoneBehaviour = 'answer' | 'servfail' | 'silent';

/**
 * A real DNS server on loopback (UDP) holding CNAME records that tests set and remove. A name can be made
 * to answer SERVFAIL or not answer at all; an unknown name is NXDOMAIN.
 */
export async function startDnsServer() {
  const cnames = new Map<string, string>();
  const behaviours = new Map<string, ZoneBehaviour>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      const behaviour = behaviours.get(name) ?? 'answer';
      if (behaviour === 'silent') return;
      if (behaviour === 'servfail') {
        response.header.rcode = SERVFAIL;
        return send(response);
      }
      const target = cnames.get(name);
      if (target === undefined) {
        response.header.rcode = NXDOMAIN;
        return send(response);
      }
      if (question?.type === Packet.TYPE.CNAME) {
        const record = { name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 60, domain: target };
        response.answers.push(record as unknown as (typeof response.answers)[number]);
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { udp } = server.addresses() as { udp: { port: number } };
  return {
    /** `127.0.0.1:<port>`, for DNS_SERVERS. */
    address: `127.0.0.1:${udp.port}`,
    setCname(name: string, target: string) {
      cnames.set(name.toLowerCase(), target);
      behaviours.delete(name.toLowerCase());
    },
    remove(name: string) {
      cnames.delete(name.toLowerCase());
    },
    behave(name: string, behaviour: ZoneBehaviour) {
      behaviours.set(name.toLowerCase(), behaviour);
    },
    close: () => server.close(),
  };
}
export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>;
