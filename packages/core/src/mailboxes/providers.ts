import type { MailProviderKind } from '@prospector/db';
import { gmailProvider } from '../gmail/gmail-provider';
import { microsoftProvider } from '../microsoft/microsoft-provider';
import type { MailboxRow } from './account-store';
import type { MailProvider } from './mail-provider';
import { smtpProvider } from './smtp/smtp-provider';

/** The one place that knows every provider; everything else asks it for the mailbox's. */
const PROVIDERS: Record<MailProviderKind, MailProvider> = {
  gmail: gmailProvider,
  microsoft: microsoftProvider,
  smtp: smtpProvider,
};

export function mailProviderFor(mailbox: Pick<MailboxRow, 'provider'>): MailProvider {
  return PROVIDERS[mailbox.provider];
}

/** The provider's ceiling and default pace for the mailbox. */
export const providerLimits = (mailbox: MailboxRow) => mailProviderFor(mailbox).limits(mailbox);
