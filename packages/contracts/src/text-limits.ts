/**
 * Maximum lengths of free-text fields. The API schemas enforce them and the forms use the same numbers for
 * their `maxLength` and character counters, so the browser and the server always agree.
 */
export const TEXT_LIMITS = {
  /** Names of email lists, sequences, steps, templates and workflows. */
  name: 200,
  /** Short criteria such as an email list's industry, job title and location. */
  shortText: 200,
  /** Descriptions of sequences, email lists and workflows. */
  description: 2000,
  /** RFC 5322 line length. */
  subject: 998,
  /** The AI writer's outline. */
  outline: 5000,
  /** An email address (RFC 5321's path limit). */
  email: 254,
  /** A template's HTML and plain-text bodies; the request body limit (1 MiB) bounds them anyway. */
  templateBody: 500_000,
  /** The text of a reply simulated in the sandbox inbox. */
  replyText: 10_000,
  /** Search boxes and one criterion's value (an industry, a job title, a location). */
  searchText: 200,
  /** A webhook endpoint's URL. */
  url: 2000,
  /** A webhook endpoint's description. */
  endpointDescription: 500,
  /** An Inbox label's name. */
  labelName: 60,
} as const;

/** "Description must be at most 2000 characters": always names the field. */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;
