import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  createDkimKey,
  type DkimKeyPair,
  publishProviderSpf,
  type SenderHealthDns,
  startSenderHealthDns,
} from './sender-health-kit';

/**
 * The lifecycle every sender-health test file shares: one DNS server and one DKIM key for the file, handed
 * over once started; before each test the zone is emptied and holds only the providers' SPF records.
 */
export function useSenderHealthDns(
  started: (shared: { env: SenderHealthDns; key: DkimKeyPair }) => void,
): void {
  let env: SenderHealthDns | undefined;
  beforeAll(async () => {
    env = await startSenderHealthDns();
    started({ env, key: createDkimKey() });
  });
  afterAll(() => env?.close());
  beforeEach(() => {
    for (const line of env!.dns.dump()) env!.dns.remove(line.split(' ')[0]!);
    publishProviderSpf(env!.dns);
  });
}
