import { TEMPLATE_VARIABLES } from '@prospector/contracts';

/** Documents the variables and the explicit fallback syntax (an addition to the spec's variables). */
export function VariableHelp() {
  return (
    <p className="text-muted-foreground text-xs leading-relaxed">
      Variables:{' '}
      {TEMPLATE_VARIABLES.map((v, i) => (
        <span key={v.name}>
          <code className="rounded bg-muted px-1">{`{{${v.name}}}`}</code>
          {v.name === 'name' ? " (falls back to 'there')" : ''}
          {i < TEMPLATE_VARIABLES.length - 1 ? ', ' : '. '}
        </span>
      ))}
      Your contacts' custom fields are variables too (
      <code className="rounded bg-muted px-1">{'{{icebreaker}}'}</code>
      ), and <code className="rounded bg-muted px-1">{'{{random|Hi|Hello|Hey}}'}</code> picks one option per
      email. Give any variable a fallback for contacts without that value:{' '}
      <code className="rounded bg-muted px-1">{'{{first_name|there}}'}</code> gives “Hi there” when the first
      name is unknown.
    </p>
  );
}
