import { isIP } from 'node:net';

/** Tracking and unsubscribe tokens are base64url; anything else is unknown without asking the database. */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{16,128}$/.test(token);

/** A client address for the inet column, or null when it is not an IP address. */
export const ipOrNull = (ip: string | undefined) => (ip && isIP(ip) ? ip : null);

/** Request headers kept with an event, cut short. */
export const clip = (text: string | undefined, max = 512) => (text ? text.slice(0, max) : null);
