// A DNS server on loopback (UDP) holding the CNAME records a flow sets, for a server started with DNS_SERVERS
// pointing at it. Unknown names are NXDOMAIN.
import dns2 from 'dns2';

const NXDOMAIN = 3;

export async function startDnsServer() {
  const cnames = new Map();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      const target = cnames.get(name);
      if (target === undefined) response.header.rcode = NXDOMAIN;
      else if (question.type === dns2.Packet.TYPE.CNAME) {
        response.answers.push({
          name,
          type: question.type,
          class: dns2.Packet.CLASS.IN,
          ttl: 60,
          domain: target,
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
