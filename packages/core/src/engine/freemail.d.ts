declare module 'freemail' {
  /** Whether the address (or domain) belongs to a free or disposable mail provider. */
  export function isFree(emailOrDomain: string): boolean;
}
