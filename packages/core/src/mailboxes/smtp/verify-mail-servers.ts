import type { MailConnection, MailServerSettings } from '@prospector/contracts';
import { AppError } from '../../app-error';
import type { CoreDeps } from '../../deps';
import { closeImap, openImap } from './imap-mailbox';
import { serverAnswer } from './smtp-errors';
import { openSmtpTransport } from './smtp-transport';

const LABEL: Record<MailConnection, string> = { smtp: 'SMTP', imap: 'IMAP' };

async function trySmtp(deps: CoreDeps, server: MailServerSettings): Promise<string | null> {
  try {
    const transport = await openSmtpTransport(deps, server);
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
    return null;
  } catch (error) {
    return serverAnswer(error);
  }
}

async function tryImap(deps: CoreDeps, server: MailServerSettings): Promise<string | null> {
  try {
    await closeImap(await openImap(deps, server));
    return null;
  } catch (error) {
    return serverAnswer(error);
  }
}

/**
 * Logs in to both servers (SMTP and IMAP, at once) before anything is saved. A failure answers 422 naming
 * the connection and the server's own words; `failures` lists both when both fail.
 */
export async function verifyMailServers(
  deps: CoreDeps,
  servers: { smtp: MailServerSettings; imap: MailServerSettings },
): Promise<void> {
  const [smtp, imap] = await Promise.all([trySmtp(deps, servers.smtp), tryImap(deps, servers.imap)]);
  const failures = [
    ...(smtp ? [{ connection: 'smtp' as const, answer: smtp }] : []),
    ...(imap ? [{ connection: 'imap' as const, answer: imap }] : []),
  ];
  const first = failures[0];
  if (!first) return;
  throw new AppError(
    'MAILBOX_CONNECTION_FAILED',
    failures.map((f) => `${LABEL[f.connection]} connection failed: ${f.answer}`).join('; '),
    undefined,
    { connection: first.connection, answer: first.answer, failures },
  );
}
