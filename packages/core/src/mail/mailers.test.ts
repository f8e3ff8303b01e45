import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { composePasswordResetEmail } from './password-reset-email';
import { createLogMailer, createSystemMailer } from './system-mailer';

const message = {
  to: 'ada@example.com',
  fullName: 'Ada <Lovelace>',
  url: 'https://app.example.com/reset-password?token=abc_DEF-123',
  expiresInMinutes: 15,
};

describe('log mailer', () => {
  it('writes exactly one "Password reset link for <email>: <url>" line', async () => {
    const lines: string[] = [];
    await createLogMailer((line) => lines.push(line)).sendPasswordReset(message);
    expect(lines).toEqual([`Password reset link for ada@example.com: ${message.url}`]);
  });

  it('is what createSystemMailer picks without SMTP_URL', async () => {
    const lines: string[] = [];
    await createSystemMailer({ from: 'x@y.z', writeLine: (l) => lines.push(l) }).sendPasswordReset(message);
    expect(lines).toHaveLength(1);
  });
});

describe('password reset email', () => {
  it('carries the link and the expiry, with HTML escaped', () => {
    const email = composePasswordResetEmail(message);
    expect(email.text).toContain(message.url);
    expect(email.text).toContain('15 minutes');
    expect(email.html).toContain('Ada &#60;Lovelace&#62;');
    expect(email.html).not.toContain('<Lovelace>');
  });
});

/** Just enough SMTP to accept one message. */
function startFakeSmtp() {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        received.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        inData = false;
        socket.write('250 queued\r\n');
      }
      let newline = buffer.indexOf('\r\n');
      while (!inData && newline !== -1) {
        const command = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 fake\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        newline = buffer.indexOf('\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  return {
    server,
    received,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe('SMTP mailer', () => {
  let smtp: ReturnType<typeof startFakeSmtp> | undefined;
  afterEach(() => smtp?.close());

  it('delivers the reset mail through SMTP_URL when configured', async () => {
    smtp = startFakeSmtp();
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as { port: number };
    const mailer = createSystemMailer({
      smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
      from: 'Prospector <no-reply@example.com>',
      writeLine: () => {
        throw new Error('must not log when SMTP is configured');
      },
    });
    await mailer.sendPasswordReset(message);
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0] ?? '';
    expect(raw).toContain('To: ada@example.com');
    expect(raw).toContain('Subject: Reset your Prospector password');
    // Quoted-printable: soft line breaks and `=` as =3D.
    expect(raw.replace(/=\r\n/g, '').replaceAll('=3D', '=')).toContain(`href="${message.url}"`);
  });
});
