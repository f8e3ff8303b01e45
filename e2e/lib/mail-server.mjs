// A real mail server for the flows that connect an SMTP/IMAP mailbox: the integration tests' Dovecot with an
// SMTP server in front of it (apps/server/src/testing/mail-server-kit.ts). The app server trusts its
// certificate through NODE_EXTRA_CA_CERTS and may reach it on loopback (MAIL_ALLOW_PRIVATE_HOSTS).

/** The running mail server, or null when Dovecot is not installed outside CI (the flow then says so). */
export async function startFlowMailServer() {
  const kit = await import('../../apps/server/src/testing/mail-server-kit.ts');
  if (!kit.dovecotAvailable()) return null;
  return kit.startMailServer();
}

/** What the app server needs to reach `mail`. */
export const mailServerEnv = (mail) =>
  mail ? { MAIL_ALLOW_PRIVATE_HOSTS: 'true', NODE_EXTRA_CA_CERTS: mail.caFile } : {};
