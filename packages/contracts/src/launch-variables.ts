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
