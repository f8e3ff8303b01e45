import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { saveKeyFailureReason } from './apollo-key-failure';

const refused = (body: unknown) => new ApiError(400, JSON.stringify(body), 'Bad Request');

describe('saveKeyFailureReason', () => {
  it("shows Apollo's reason without repeating the toast title", () => {
    const error = refused({
      code: 'BAD_REQUEST',
      message: 'Failed to save API key: Invalid access credentials.',
    });
    expect(saveKeyFailureReason(error)).toBe('Invalid access credentials.');
  });

  it('keeps another server message whole, and falls back when there is none', () => {
    expect(saveKeyFailureReason(refused({ message: 'Please enter an API key' }))).toBe(
      'Please enter an API key',
    );
    expect(saveKeyFailureReason(new TypeError('Failed to fetch'))).toBe('Failed to save API key');
    expect(saveKeyFailureReason(new ApiError(502, '<html>', 'Bad Gateway'))).toBe('Failed to save API key');
  });
});
