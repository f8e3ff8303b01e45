import dns2 from 'dns2';

const { Packet } = dns2;

/** RFC 1035 response codes (dns2's typings leave out Packet.RCODE). */
const RCODES = { servfail: 2, nxdomain: 3, refused: 5 } as const;

export const ZONE_RECORD_TYPES = ['A', 'AAAA', 'MX', 'TXT', 'CNAME', 'PTR'] as const;
export type ZoneRecordType = (typeof ZONE_RECORD_TYPES)[number];

/**
 * How a name answers: with its records, SERVFAIL, REFUSED, or not at all (the resolver times out).
 */
export type NameBehaviour = 'answer' | 'servfail' | 'refused' | 'silent';

/**
 * A record's value as a zone file writes it: an address for A/AAAA, `10 mx.example.com` (or a bare host,
 * priority 10) for MX, the text for TXT (split into 255-byte strings on the wire), a host name for CNAME/PTR.
 */
export type ZoneRecordValue = string;

const TYPE_CODES: Record<ZoneRecordType, number> = {
  A: Packet.TYPE.A,
  AAAA: Packet.TYPE.AAAA,
  MX: Packet.TYPE.MX,
  TXT: Packet.TYPE.TXT,
  CNAME: Packet.TYPE.CNAME,
  PTR: Packet.TYPE.PTR,
};
const TYPE_NAMES = new Map(Object.entries(TYPE_CODES).map(([name, code]) => [code, name]));

const nameOf = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/** TXT text as the 255-byte character strings DNS carries it in. */
function characterStrings(text: string): string[] {
  const strings: string[] = [];
  for (let at = 0; at < text.length; at += 255) strings.push(text.slice(at, at + 255));
  return strings.length > 0 ? strings : [''];
}

function rdata(type: ZoneRecordType, value: ZoneRecordValue): object {
  switch (type) {
    case 'A':
    case 'AAAA':
      return { address: value };
    case 'MX': {
      const [first, second] = value.trim().split(/\s+/);
      return second === undefined
        ? { exchange: first, priority: 10 }
        : { exchange: second, priority: Number(first) };
    }
    case 'TXT':
      return { data: characterStrings(value) };
    case 'CNAME':
    case 'PTR':
      return { domain: value };
  }
}

/**
 * A real DNS server on loopback (dns2, UDP) whose records a test adds, replaces and removes while it runs.
 * A name with no record of any type is NXDOMAIN; a name with records of other types answers NOERROR with
 * none (NODATA). A question for a name holding a CNAME (and no record of the type asked) answers with the
 * CNAME and the target's records, as a recursive resolver does. A name can be made to answer SERVFAIL,
 * REFUSED or nothing at all.
 */
export async function startDnsZoneServer() {
  const records = new Map<string, Map<ZoneRecordType, ZoneRecordValue[]>>();
  const behaviours = new Map<string, NameBehaviour>();
  /** Questions asked, as `TYPE name`. */
  const queries: string[] = [];

  const recordsOf = (name: string) => {
    const key = nameOf(name);
    const found = records.get(key) ?? new Map<ZoneRecordType, ZoneRecordValue[]>();
    records.set(key, found);
    return found;
  };

  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const asked = nameOf(question?.name ?? '');
      const typeName = TYPE_NAMES.get(question?.type ?? 0) as ZoneRecordType | undefined;
      queries.push(`${typeName ?? String(question?.type)} ${asked}`);
      const behaviour = behaviours.get(asked) ?? 'answer';
      if (behaviour === 'silent') return;
      if (behaviour !== 'answer') {
        response.header.rcode = RCODES[behaviour];
        return send(response);
      }
      // dns2's typings want encoder objects; its encoder takes plain records.
      const push = (name: string, type: ZoneRecordType, value: ZoneRecordValue) =>
        response.answers.push({
          name,
          type: TYPE_CODES[type],
          class: Packet.CLASS.IN,
          ttl: 60,
          ...rdata(type, value),
        } as never);
      let name = asked;
      for (let hops = 0; hops < 8; hops += 1) {
        const held = records.get(name);
        if (!held || held.size === 0) {
          if (name === asked) response.header.rcode = RCODES.nxdomain;
          break;
        }
        const wanted = typeName ? held.get(typeName) : undefined;
        if (wanted) {
          for (const value of wanted) push(name, typeName!, value);
          break;
        }
        const cname = held.get('CNAME')?.[0];
        if (!cname) break;
        push(name, 'CNAME', cname);
        name = nameOf(cname);
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { udp } = server.addresses() as { udp: { port: number } };

  return {
    /** `127.0.0.1:<port>`, for DNS_SERVERS. */
    address: `127.0.0.1:${udp.port}`,
    queries,
    /** Adds one record to those the name already has. */
    add(name: string, type: ZoneRecordType, value: ZoneRecordValue) {
      const held = recordsOf(name);
      held.set(type, [...(held.get(type) ?? []), value]);
    },
    /** Replaces the name's records of one type (an empty list removes them). */
    set(name: string, type: ZoneRecordType, values: ZoneRecordValue[]) {
      const held = recordsOf(name);
      if (values.length > 0) held.set(type, [...values]);
      else held.delete(type);
    },
    /** Removes the name's records of one type, or every record of the name (it becomes NXDOMAIN). */
    remove(name: string, type?: ZoneRecordType) {
      if (type) records.get(nameOf(name))?.delete(type);
      else records.delete(nameOf(name));
    },
    /** Every record held, as `name TYPE value` lines. */
    dump(): string[] {
      return [...records].flatMap(([name, held]) =>
        [...held].flatMap(([type, values]) => values.map((value) => `${name} ${type} ${value}`)),
      );
    },
    /** How the name answers from now on ('answer' restores its records). */
    behave(name: string, behaviour: NameBehaviour) {
      if (behaviour === 'answer') behaviours.delete(nameOf(name));
      else behaviours.set(nameOf(name), behaviour);
    },
    close: () => server.close(),
  };
}
export type DnsZoneServer = Awaited<ReturnType<typeof startDnsZoneServer>>;
