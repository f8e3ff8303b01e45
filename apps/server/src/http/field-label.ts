/** Labels for fields whose name does not read well split into words. */
const LABELS: Record<string, string> = { token: 'Reset token' };

/** A field's name as a person reads it: `firstName` -> "First name". */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return LABELS[field] ?? words.charAt(0).toUpperCase() + words.slice(1);
}
