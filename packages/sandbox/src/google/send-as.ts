import type { SandboxSendAsEntry } from './identities';

/**
 * settings/sendAs entries as Gmail answers them: `verificationStatus` and `treatAsAlias` belong to custom
 * "from" aliases only, so the primary address carries neither (Gmail's SendAs resource documents both
 * fields as applying to custom aliases). An alias stored without `treatAsAlias` is treated as one, Gmail's
 * default when an alias is added.
 */
export function gmailSendAs(entries: SandboxSendAsEntry[]) {
  return entries.map(({ verificationStatus, treatAsAlias, ...entry }) =>
    entry.isPrimary ? entry : { ...entry, treatAsAlias: treatAsAlias ?? true, verificationStatus },
  );
}
