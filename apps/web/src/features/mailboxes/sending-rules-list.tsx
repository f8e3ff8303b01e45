import { SENDING_RULE_LINKS, type SendingRule } from '@prospector/contracts';
import { CheckIcon, XIcon } from 'lucide-react';

/** Gmail's and Yahoo's bulk-sender requirements for this mailbox, each ticked or not, with their pages. */
export function SendingRulesList({ rules }: { rules: SendingRule[] }) {
  return (
    <section aria-labelledby="sending-rules-title" className="space-y-2">
      <h3 id="sending-rules-title" className="font-medium text-sm">
        Sending rules
      </h3>
      <ul className="space-y-1.5">
        {rules.map((rule) => (
          <li key={rule.key} className="flex gap-2 text-sm" data-rule={rule.key} data-met={rule.met}>
            {rule.met ? (
              <CheckIcon
                className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400"
                aria-hidden
              />
            ) : (
              <XIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            )}
            <span className="min-w-0">
              <span className="sr-only">{rule.met ? 'Met: ' : 'Not met: '}</span>
              <span className="font-medium">{rule.label}.</span>{' '}
              <span className="text-muted-foreground">{rule.detail}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground text-xs">
        The providers' own pages:{' '}
        {SENDING_RULE_LINKS.map((link, index) => (
          <span key={link.url}>
            {index > 0 && ' and '}
            <a className="underline" href={link.url} target="_blank" rel="noreferrer">
              {link.provider}'s sender guidelines
            </a>
          </span>
        ))}
        .
      </p>
    </section>
  );
}
