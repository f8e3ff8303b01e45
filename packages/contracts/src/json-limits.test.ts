import { describe, expect, it } from 'vitest';
import { contactCreateSchema } from './contacts';
import { boundedJsonObject, jsonDepth, jsonTextDepth } from './json-limits';

/** `{"a":{"a":...}}` n levels deep, built without recursion. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

describe('jsonDepth and jsonTextDepth', () => {
  it('count levels without recursion, even 100,000 deep', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: null }] })).toBe(3);
    expect(jsonDepth(nested(100_000))).toBe(100_000);
    expect(jsonDepth(nested(100_000), 10)).toBe(11);
    expect(jsonTextDepth('{"a":[1,{"b":"}}]]{{"}]}')).toBe(3);
    expect(jsonTextDepth('{"a":"\\"{{{"}')).toBe(1);
    expect(jsonTextDepth('['.repeat(100_000) + ']'.repeat(100_000))).toBe(100_000);
  });
});

describe('free-form JSON fields', () => {
  const field = boundedJsonObject('Metadata', { depth: 3, bytes: 100 });

  it('are refused past their depth or size, with the label and the limit', () => {
    expect(field.safeParse(nested(3)).success).toBe(true);
    expect(field.safeParse(nested(4)).error?.issues[0]?.message).toBe(
      'Metadata is nested too deeply (at most 3 levels)',
    );
    expect(field.safeParse({ note: 'x'.repeat(200) }).error?.issues[0]?.message).toBe(
      'Metadata is too large (at most 0 KiB)',
    );
    expect(field.safeParse([1]).error?.issues[0]?.message).toBe('Metadata must be a JSON object');
  });

  it("a contact's metadata 10,000 levels deep is a validation error, not a crash", () => {
    const result = contactCreateSchema.safeParse({ email: 'a@example.com', metadata: nested(10_000) });
    expect(result.error?.issues[0]?.message).toBe('Metadata is nested too deeply (at most 8 levels)');
    expect(
      contactCreateSchema.safeParse({ email: 'a@example.com', metadata: { crm: { id: 7 } } }).success,
    ).toBe(true);
  });
});
