import { SequenceCheckbox } from './sequence-checkbox';
import type { SequenceControl } from './sequence-form';

const RULES = [
  {
    name: 'autoEnrollNewContacts',
    label: 'Enrol new contacts of its lists automatically',
    hint: 'Contacts added to a linked list later are enrolled within a minute while the sequence runs.',
  },
  {
    name: 'followUpsFirst',
    label: 'Follow-ups first',
    hint: "Within a mailbox's daily limit, due follow-ups go before first emails, so threads do not go cold.",
  },
  {
    name: 'stopCompanyOnReply',
    label: 'Stop the whole company on reply',
    hint: 'When someone replies, everyone of the same company domain stops in this sequence (not gmail.com and other free-mail domains).',
  },
] as const;

/** How the sequence runs by itself (decision 026): automatic enrolment, follow-ups first, company stop. */
export function CampaignRuleFields({ control }: { control: SequenceControl }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">While it runs</legend>
      {RULES.map((rule) => (
        <SequenceCheckbox
          key={rule.name}
          control={control}
          name={rule.name}
          label={rule.label}
          hint={rule.hint}
        />
      ))}
    </fieldset>
  );
}
