import type { Member, WorkspaceRoleName } from '@prospector/contracts';
import { Badge } from '@/components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, roleChoices } from './roles';

/** A member's role: a select for those who may change it (owner choices disabled for admins), else text. */
export function MemberRoleCell({
  member,
  actorRole,
  pending,
  onChange,
}: {
  member: Member;
  actorRole: WorkspaceRoleName;
  pending: boolean;
  onChange: (role: WorkspaceRoleName) => void;
}) {
  const choices = roleChoices(actorRole, member.role);
  if (!choices) {
    return (
      <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>{ROLE_LABELS[member.role]}</Badge>
    );
  }
  return (
    <Select
      value={member.role}
      disabled={pending}
      onValueChange={(role) => role !== member.role && onChange(role as WorkspaceRoleName)}
    >
      <SelectTrigger size="sm" className="w-28" aria-label={`Role of ${member.fullName || member.email}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {choices.map(({ role, disabled }) => (
          <SelectItem key={role} value={role} disabled={disabled} title={ROLE_DESCRIPTIONS[role]}>
            {ROLE_LABELS[role]}
            {disabled && <span className="sr-only"> (only an owner can make an owner)</span>}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
