/** The parts of mailauth's helpers the sender-health checks use (the package types only its main module). */
declare module 'mailauth/lib/tools.js' {
  type Resolver = (name: string, type: string) => Promise<unknown>;
  const tools: {
    /**
     * Fetches and parses a DKIM key record; throws with `code` ENOTFOUND/ENODATA (no record), EINVALIDVAL
     * (no key: revoked or broken), EINVALIDVER, EINVALIDTYPE, ESHORTKEY (under minBitLength), or the DNS error.
     */
    getPublicKey(
      type: 'DKIM',
      name: string,
      minBitLength: number,
      resolver: Resolver,
    ): Promise<{ publicKey: string; rr: string; modulusLength?: number }>;
    /** The entry of `domainList` whose organisational domain is the From domain's, or false. */
    getAlignment(fromDomain: string, domainList: string[], strict?: boolean): { domain: string } | false;
  };
  export default tools;
}
