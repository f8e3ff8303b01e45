// A DNS server on loopback (UDP) for a server started with DNS_SERVERS pointing at it; nothing leaves the
// machine. Names a flow gives a CNAME (tracking domains) answer with it; records a flow sets with `set`
// (TXT for SPF, DKIM and DMARC, MX, A) answer with those, and can be changed or removed while the app runs
// (add a DMARC record, then "Check again"). Every other name has an MX record (the list check) and no other
// record, and those whose first label starts with "nomail" do not exist (NXDOMAIN).
import dns2 from 'dns2';

const { Packet } = dns2;
const NXDOMAIN = 3;

/** TXT text as the 255-byte character strings DNS carries it in. */
const characterStrings = (text) => text.match(/[\s\S]{1,255}/g) ?? [''];

function rdata(type, value) {
  if (type === 'TXT') return { data: characterStrings(value) };
  if (type === 'MX') {
    const [priority, exchange] = value.trim().split(/\s+/);
    return exchange ? { exchange, priority: Number(priority) } : { exchange: priority, priority: 10 };
  }
  return { address: value };
}

export async function startDnsServer() {
  const cnames = new Map();
  /** name -> type ('TXT' | 'MX' | 'A') -> values */
  const records = new Map();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      const target = cnames.get(name);
      const held = records.get(name);
      const typeName = Object.keys(Packet.TYPE).find((key) => Packet.TYPE[key] === question?.type);
      if (target !== undefined) {
        if (question.type === Packet.TYPE.CNAME) {
          response.answers.push({
            name,
            type: question.type,
            class: Packet.CLASS.IN,
            ttl: 60,
            domain: target,
          });
        }
      } else if (held?.has(typeName)) {
        for (const value of held.get(typeName)) {
          response.answers.push({
            name,
            type: question.type,
            class: Packet.CLASS.IN,
            ttl: 60,
            ...rdata(typeName, value),
          });
        }
      } else if (name.startsWith('nomail') || question?.type === Packet.TYPE.CNAME) {
        response.header.rcode = NXDOMAIN;
      } else if (question?.type === Packet.TYPE.MX) {
        response.answers.push({
          name,
          type: Packet.TYPE.MX,
          class: Packet.CLASS.IN,
          ttl: 300,
          exchange: `mx.${name}`,
          priority: 10,
        });
      }
      // An answer that cannot be sent (the socket closing, the asker gone) is dropped, as a lost datagram is.
      send(response).catch(() => {});
    },
  });
  // A socket error or an unreadable query is a lost query to the asker, never an error of the flows.
  server.on('error', () => {});
  server.on('requestError', () => {});
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  let stopped;
  return {
    address: `127.0.0.1:${server.addresses().udp.port}`,
    setCname: (name, target) => cnames.set(name.toLowerCase(), target),
    /**
     * Replaces a name's records of one type: `set('_dmarc.acme.test', 'TXT', ['v=DMARC1; p=none'])`,
     * `set('acme.test', 'MX', ['10 mail.acme.test'])`, `set('2.0.0.127.zone.test', 'A', ['127.0.0.2'])`.
     * An empty list removes them.
     */
    set: (name, type, values) => {
      const key = name.toLowerCase();
      const held = records.get(key) ?? new Map();
      if (values.length > 0) held.set(type, [...values]);
      else held.delete(type);
      records.set(key, held);
    },
    /** Removes a name's records of one type, or all the records set for it. */
    remove: (name, type) => {
      if (type) records.get(name.toLowerCase())?.delete(type);
      else records.delete(name.toLowerCase());
    },
    /** Closes the socket once; later calls get the same promise. */
    stop: () => {
      stopped ??= server.close();
      return stopped;
    },
  };
}
