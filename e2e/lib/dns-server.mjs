// A DNS server on loopback (UDP) for a server started with DNS_SERVERS pointing at it; nothing leaves the
// machine. Names a flow gives a CNAME (tracking domains) answer with it; every other name has an MX record
// (the list check) and no CNAME, and those whose first label starts with "nomail" do not exist (NXDOMAIN).
import dns2 from 'dns2';

const { Packet } = dns2;
const NXDOMAIN = 3;

export async function startDnsServer() {
  const cnames = new Map();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      const target = cnames.get(name);
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
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${server.addresses().udp.port}`,
    setCname: (name, target) => cnames.set(name.toLowerCase(), target),
    stop: () => server.close(),
  };
}
