import { describe, expect, it } from 'vitest';
import { canRemove, roleChoices } from './roles';

describe('roleChoices', () => {
  it('lets an owner set every role, owner included', () => {
    expect(roleChoices('owner', 'member')).toEqual([
      { role: 'owner', disabled: false },
      { role: 'admin', disabled: false },
      { role: 'member', disabled: false },
      { role: 'viewer', disabled: false },
    ]);
    expect(roleChoices('owner', 'owner')?.every((c) => !c.disabled)).toBe(true);
  });

  it('offers an admin the owner role only disabled, and leaves owners alone', () => {
    expect(
      roleChoices('admin', 'viewer')
        ?.filter((c) => c.disabled)
        .map((c) => c.role),
    ).toEqual(['owner']);
    expect(roleChoices('admin', 'owner')).toBeNull();
  });

  it('gives members and viewers no choice', () => {
    expect(roleChoices('member', 'viewer')).toBeNull();
    expect(roleChoices('viewer', 'member')).toBeNull();
  });
});

describe('canRemove', () => {
  it('lets admins remove non-owners and only owners remove owners', () => {
    expect(canRemove('owner', 'owner')).toBe(true);
    expect(canRemove('admin', 'member')).toBe(true);
    expect(canRemove('admin', 'owner')).toBe(false);
    expect(canRemove('member', 'viewer')).toBe(false);
  });
});
