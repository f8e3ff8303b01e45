// A DNS server on loopback for the list check (the app's DNS_SERVERS): every domain has an MX record except
// those whose first label starts with "nomail", which do not exist (NXDOMAIN). Nothing leaves the machine.
import dns2 from 'dns2';

const { Packet } = dns2;
const NXDOMAIN = 3;

export async function startDnsStub() {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      if (name.startsWith('nomail')) response.header.rcode = NXDOMAIN;
      else if (question?.type === Packet.TYPE.MX) {
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
  return { server: `127.0.0.1:${server.addresses().udp.port}`, stop: () => server.close() };
}
