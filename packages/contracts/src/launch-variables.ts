/** A variable some contacts have no value for (and that has no fallback): they would get a gap. */
export interface MissingVariable {
  /** As written in the template, without a fallback: "{{company}}". */
  variable: string;
  /** How many of the contacts about to be enrolled have no value. */
  contacts: number;
  /** Up to three of their addresses. */
  sample: string[];
}

/** The launch's check of the variables its emails use against the contacts about to be enrolled. */
export interface LaunchVariablesReport {
  /** Variables neither built in nor a custom field of any of the user's contacts: "{{icebreakr}}". */
  unknown: string[];
  missing: MissingVariable[];
}

export const unknownVariablesMessage = (variables: string[]) =>
  `Unknown ${variables.length === 1 ? 'variable' : 'variables'} ${variables.join(', ')}: neither built in nor a custom field of your contacts`;

/** "14 contacts have no {{company}}". */
export const missingVariableMessage = ({
  variable,
  contacts,
}: Pick<MissingVariable, 'variable' | 'contacts'>) =>
  `${contacts} ${contacts === 1 ? 'contact has' : 'contacts have'} no ${variable}`;

/** A contact a launch left out ("launch without them"), and why. */
export interface SkippedContact {
  contactId: string;
  email: string;
  name: string | null;
  /** "no value for {{company}}", or several: "no value for {{company}}, {{title}}". */
  reason: string;
}

/** GET /api/sequences/{id}/skipped-contacts: whom the last launch left out, still not enrolled. */
export interface SkippedContactsResponse {
  /** How many contacts are left out, by reason, most first. */
  reasons: { reason: string; contacts: number }[];
  /** All of them when few; the first SKIPPED_CONTACTS_SHOWN by address otherwise. */
  contacts: SkippedContact[];
  total: number;
}

/** GET /api/launch-skips: each of the user's sequences whose last launch left contacts out. */
export interface LaunchSkipsResponse {
  sequences: {
    sequenceId: string;
    sequenceName: string;
    total: number;
    reasons: SkippedContactsResponse['reasons'];
  }[];
}

/** How many skipped contacts the answer lists by name. */
export const SKIPPED_CONTACTS_SHOWN = 200;

/** "14 contacts were not enrolled: no value for {{company}}". */
export const skippedContactsMessage = ({ reason, contacts }: { reason: string; contacts: number }) =>
  `${contacts} ${contacts === 1 ? 'contact was' : 'contacts were'} not enrolled: ${reason}`;
