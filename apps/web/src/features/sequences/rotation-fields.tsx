import type { Sender } from '@prospector/contracts';
import { useController } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useMailboxes } from '@/features/mailboxes/mailbox-queries';
import { ProviderMark, providerLabel } from '@/features/mailboxes/provider-mark';
import { rotationWith } from './rotation';
import type { SequenceControl } from './sequence-form';

const senderEmail = (mailboxes: Sender[], accountId: string) =>
  mailboxes.find((mailbox) => mailbox.accountId === accountId)?.accountEmail ?? 'the default mailbox';

/**
 * "Also send from": other mailboxes, of any provider, that share the sequence's sending. Each contact is
 * pinned to one mailbox, so a thread never changes sender; new contacts go to the least used one.
 */
export function RotationFields({
  control,
  primary,
  mailboxes,
  onFirstChoice,
}: {
  control: SequenceControl;
  primary: string;
  mailboxes: Sender[];
  /** Called before a mailbox is ticked (the sender picker fixes "Default sender" to the default mailbox). */
  onFirstChoice?: () => void;
}) {
  const rotation = useController({ control, name: 'senderAccountIds' });
  const details = useMailboxes();
  const chosen = new Set((rotation.field.value as string[] | undefined) ?? []);
  const others = mailboxes.filter((mailbox) => mailbox.accountId !== primary);
  const toggle = (accountId: string, on: boolean) => {
    if (on) onFirstChoice?.();
    const next = [...chosen].filter((id) => id !== primary && id !== accountId);
    rotation.field.onChange(rotationWith(primary, on ? [...next, accountId] : next));
  };
  return (
    <fieldset className="grid gap-2" aria-describedby="rotation-help">
      <legend className="font-medium text-sm leading-none">Also send from</legend>
      <p id="rotation-help" className="text-muted-foreground text-xs">
        Share this sequence's sending across several mailboxes: contacts are spread over the chosen ones, and
        each contact gets every email of the sequence from the same one.
        {onFirstChoice && ` Ticking one makes ${senderEmail(mailboxes, primary)} this sequence's sender.`}
      </p>
      {chosen.size > 1 && (
        <p className="text-xs" data-testid="rotation-summary">
          Sending from {chosen.size} mailboxes in turn.
        </p>
      )}
      <ul className="grid grid-cols-1 gap-2 @md:grid-cols-2">
        {others.map((mailbox) => {
          const id = `rotation-${mailbox.accountId}`;
          const detail = details.data?.find((d) => d.id === mailbox.accountId);
          return (
            <li key={mailbox.accountId} className="flex items-center gap-2 rounded-md border px-3 py-2">
              <Checkbox
                id={id}
                checked={chosen.has(mailbox.accountId)}
                onCheckedChange={(checked) => toggle(mailbox.accountId, checked === true)}
              />
              {detail && <ProviderMark mailbox={detail} className="size-6 [&_svg]:size-3.5" />}
              <Label htmlFor={id} className="min-w-0 font-normal">
                <span className="truncate">{mailbox.accountEmail}</span>
                {detail && <span className="sr-only"> ({providerLabel(detail)})</span>}
              </Label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
