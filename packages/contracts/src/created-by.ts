/** A record as the web app's pages read it: with the name of the member who made it. */
export type WithCreator<T> = T & {
  /** Null when the system or an API key made it, or the member's account is gone. */
  createdByName: string | null;
};
