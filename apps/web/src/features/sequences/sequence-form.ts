import {
  type CreateSequenceInput,
  createSequenceSchema,
  type Sequence,
  type SequenceFormValues,
} from '@prospector/contracts';
import type { Control } from 'react-hook-form';

/** The create dialog's and the configuration card's form: the sequence's own fields, status aside. */
export const sequenceFormSchema = createSequenceSchema.omit({ status: true });

export type SequenceFormInput = Omit<SequenceFormValues, 'status'>;
export type SequenceFormOutput = Omit<CreateSequenceInput, 'status'>;
export type SequenceControl = Control<SequenceFormInput, unknown, SequenceFormOutput>;

export const EMPTY_SEQUENCE_FORM: SequenceFormInput = {
  name: '',
  description: '',
  timezone: 'UTC',
  skipWeekends: false,
  useRecipientTimezone: false,
  contactLimit: '',
  senderAccountId: null,
  senderAccountIds: [],
  sendAsEmail: null,
  autoEnrollNewContacts: true,
  followUpsFirst: true,
  stopCompanyOnReply: false,
  trackOpens: true,
  trackClicks: false,
};

/** A saved sequence as form values ('' for the empty text inputs). */
export function sequenceFormValues(sequence: Sequence): SequenceFormInput {
  return {
    name: sequence.name,
    description: sequence.description ?? '',
    timezone: sequence.timezone as SequenceFormInput['timezone'],
    skipWeekends: sequence.skipWeekends,
    useRecipientTimezone: sequence.useRecipientTimezone,
    contactLimit: sequence.contactLimit === null ? '' : String(sequence.contactLimit),
    // A rotation set through the API may name no single sender: its first mailbox is the form's.
    senderAccountId: sequence.senderAccountId ?? sequence.senderAccountIds[0] ?? null,
    senderAccountIds: sequence.senderAccountIds,
    sendAsEmail: sequence.sendAsEmail,
    autoEnrollNewContacts: sequence.autoEnrollNewContacts,
    followUpsFirst: sequence.followUpsFirst,
    stopCompanyOnReply: sequence.stopCompanyOnReply,
    trackOpens: sequence.trackOpens,
    trackClicks: sequence.trackClicks,
  };
}
