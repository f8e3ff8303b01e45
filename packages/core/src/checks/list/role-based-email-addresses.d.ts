declare module 'role-based-email-addresses' {
  /** Local parts ("info", "sales", ...) of role-based addresses: a position or group rather than a person. */
  const localParts: string[];
  export default localParts;
}
