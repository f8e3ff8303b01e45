/** The part of the core's dependencies that holds APP_SECRET. */
export interface SecretHolder {
  appSecret?: string;
}

export function requireAppSecret(deps: SecretHolder): string {
  if (!deps.appSecret) throw new Error('CoreDeps.appSecret is required to read or store secrets');
  return deps.appSecret;
}
