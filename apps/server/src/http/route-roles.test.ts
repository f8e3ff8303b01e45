import { describe, expect, it } from 'vitest';
import { requiredRole } from './route-roles';

describe('requiredRole', () => {
  it('lets a viewer preview a template, which is a POST that only reads', () => {
    expect(requiredRole('POST', '/api/templates/preview')).toBe('viewer');
  });

  it('still asks a member to change templates', () => {
    expect(requiredRole('POST', '/api/templates')).toBe('member');
    expect(requiredRole('POST', '/api/templates/:id/send-test')).toBe('member');
  });
});
