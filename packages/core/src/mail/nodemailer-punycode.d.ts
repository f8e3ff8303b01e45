declare module 'nodemailer/lib/punycode/index.js' {
  /** A domain with its non-ASCII labels in punycode (`xn--`). */
  export function toASCII(input: string): string;
  const punycode: { toASCII: typeof toASCII };
  export default punycode;
}
