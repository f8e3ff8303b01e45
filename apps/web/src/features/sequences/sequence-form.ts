import {
  type CreateSequenceInput,
  createSequenceSchema,
  type Sequence,
  type SequenceFormValues,
} from '@prospector/contracts';
import type { Control } from 'react-hook-form';

/** The create dialog's and the configuration card's form: the sequence's own fields, status aside. */
export const sequenceFormSchema = createSequenceSchema.omit({ status: true, senderAccountIds: true });

export type SequenceFormInput = Omit<SequenceFormValues, 'status' | 'senderAccountIds'>;
export type SequenceFormOutput = Omit<CreateSequenceInput, 'status' | 'senderAccountIds'>;
export type SequenceControl = Control<SequenceFormInput, unknown, SequenceFormOutput>;

export const EMPTY_SEQUENCE_FORM: SequenceFormInput = {
  name: '',
  description: '',
  timezone: 'UTC',
  skipWeekends: false,
  useRecipientTimezone: false,
  contactLimit: '',
  senderAccountId: null,
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
    senderAccountId: sequence.senderAccountId,
    sendAsEmail: sequence.sendAsEmail,
    autoEnrollNewContacts: sequence.autoEnrollNewContacts,
    followUpsFirst: sequence.followUpsFirst,
    stopCompanyOnReply: sequence.stopCompanyOnReply,
    trackOpens: sequence.trackOpens,
    trackClicks: sequence.trackClicks,
  };
}
