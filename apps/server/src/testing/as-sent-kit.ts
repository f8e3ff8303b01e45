import { keepAliveFetch, runEngineRound } from '@prospector/core';
import { emailSends } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import type { EngineUser } from './engine-test-kit';

/**
 * Launches a one-step sequence of `templateId` to `contactId` and runs the engine until it sends: the RFC
 * 5322 message the engine handed Gmail's messages.send, as bytes. With another `appUrl` than the test
 * server's own (local, with a port), the launched emails' links are moved to it before the send, as a
 * server at that address would have rendered them.
 */
export async function sentByEngine(
  u: EngineUser,
  setClock: (at: Date) => void,
  sequenceId: string,
  templateId: string,
  contactId: string,
  appUrl = u.deps.appUrl,
): Promise<Buffer> {
  const google = u.deps.google;
  if (!google) throw new Error('The engine has no Gmail settings');
  const handed: Buffer[] = [];
  const deps = {
    ...u.deps,
    appUrl,
    google: {
      ...google,
      fetch: (input: string, init?: RequestInit) => {
        if (init?.method === 'POST' && String(input).endsWith('/messages/send')) {
          const { raw } = JSON.parse(String(init.body)) as { raw: string };
          handed.push(Buffer.from(raw, 'base64url'));
        }
        return (google.fetch ?? keepAliveFetch)(input, init);
      },
    },
  };
  await u.step(sequenceId, 1, { templateId, sendHour: 10 });
  await u.list(sequenceId, [{ id: contactId }]);
  const launch = await u.launch(sequenceId);
  if (launch.status !== 200) throw new Error(`launch: ${launch.status} ${launch.text}`);
  if (appUrl !== u.deps.appUrl) {
    const moved = (column: typeof emailSends.htmlBody | typeof emailSends.plainTextBody) =>
      sql`replace(${column}, ${u.deps.appUrl}, ${appUrl})`;
    await u.deps.db
      .update(emailSends)
      .set({ htmlBody: moved(emailSends.htmlBody), plainTextBody: moved(emailSends.plainTextBody) })
      .where(eq(emailSends.sequenceId, sequenceId));
  }
  setClock(new Date('2025-05-01T10:00:00Z'));
  for (let round = 0; round < 5 && handed.length === 0; round++) await runEngineRound(deps);
  const [raw] = handed;
  if (!raw) throw new Error('The engine sent nothing');
  return raw;
}
