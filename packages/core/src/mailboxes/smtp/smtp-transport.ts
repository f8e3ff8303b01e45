import type { MailServerSettings } from '@prospector/contracts';
import nodemailer from 'nodemailer';
import type { CoreDeps } from '../../deps';
import { resolveMailHost } from './mail-server-address';

/** A server that does not answer within these is reported as a timeout, not waited on. */
export const MAIL_CONNECT_TIMEOUT_MS = 10_000;
export const MAIL_SOCKET_TIMEOUT_MS = 30_000;

/** An SMTP transport to the checked address of the user's server (the host name kept for TLS). */
export async function openSmtpTransport(deps: CoreDeps, server: MailServerSettings) {
  const address = await resolveMailHost(server.host, deps.mailServers?.allowPrivateHosts ?? false);
  return nodemailer.createTransport({
    host: address,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    auth: { user: server.username, pass: server.password },
    tls: {
      servername: server.host,
      minVersion: 'TLSv1.2',
      ...(deps.mailServers?.ca ? { ca: [deps.mailServers.ca] } : {}),
    },
    connectionTimeout: MAIL_CONNECT_TIMEOUT_MS,
    greetingTimeout: MAIL_CONNECT_TIMEOUT_MS,
    socketTimeout: MAIL_SOCKET_TIMEOUT_MS,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

export type SmtpTransport = Awaited<ReturnType<typeof openSmtpTransport>>;
