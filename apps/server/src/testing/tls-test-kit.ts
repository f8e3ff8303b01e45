import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';

/** A self-signed certificate for localhost and 127.0.0.1 (openssl), valid a day, written in `dir`: its key and PEM. */
export function selfSignedCertificate(dir: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
  };
}

/**
 * HTTPS in front of a plain HTTP port on loopback (TLS ends here, bytes pass through), so clients that
 * accept only https authorities (MSAL, the Graph SDK) reach the app. This process's fetch trusts its
 * certificate until `close`.
 */
export async function startTlsFront(port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'prospector-tls-'));
  const { key, cert } = selfSignedCertificate(dir);
  const server = createTlsServer({ key, cert }, (socket) => {
    const upstream = connectTcp(port, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const previous: Dispatcher = getGlobalDispatcher();
  setGlobalDispatcher(new Agent({ connect: { ca: cert } }));
  return {
    url: `https://127.0.0.1:${(server.address() as { port: number }).port}`,
    async close() {
      setGlobalDispatcher(previous);
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
