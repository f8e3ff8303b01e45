import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { classifyImapError, classifySmtpError } from './smtp-errors';

const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
const smtp = (responseCode: number | undefined, response: string, code = 'EENVELOPE') =>
  classifySmtpError(Object.assign(new Error(response), { responseCode, response, code }), clock);

describe('classifySmtpError', () => {
  it.each([
    [535, '535 5.7.8 Authentication credentials invalid', 'auth-lost'],
    [452, '452 4.5.3 Too many recipients today', 'sending-limit'],
    [550, '550 4.5.3 odd reply with a daily-limit code', 'sending-limit'],
    [421, '421 4.7.0 Try again later, closing connection', 'rate-limit'],
    [451, '451 4.3.0 Temporary local problem', 'rate-limit'],
    [450, '450 4.2.1 Mailbox busy', 'rate-limit'],
    [454, '454 4.7.1 Relay access denied for now', 'rate-limit'],
    [432, '432 4.3.2 System not accepting messages', 'transient'],
    [550, '550 5.1.1 No such user', 'refused'],
    [553, '553 5.1.3 Bad recipient address syntax', 'refused'],
    [554, '554 5.7.1 Message rejected as spam', 'refused'],
  ])('%i "%s" is %s', (status, response, kind) => {
    const error = smtp(status, response);
    expect(error.kind).toBe(kind);
    expect(error.detail).toBe(response);
    if (kind === 'rate-limit' || kind === 'sending-limit' || kind === 'transient')
      expect(error.options.retryAt!.getTime()).toBeGreaterThan(clock.now().getTime());
  });

  it('a dropped connection or timeout is transient', () => {
    expect(smtp(undefined, 'Connection timeout', 'ETIMEDOUT').kind).toBe('transient');
  });
});

describe('classifyImapError', () => {
  it('AUTHENTICATIONFAILED loses the credentials; UNAVAILABLE is transient', () => {
    const failed = {
      authenticationFailed: true,
      serverResponseCode: 'AUTHENTICATIONFAILED',
      responseText: 'Authentication failed.',
    };
    expect(classifyImapError(failed, clock)).toMatchObject({
      kind: 'auth-lost',
      detail: 'Authentication failed.',
    });
    const unavailable = {
      authenticationFailed: true,
      serverResponseCode: 'UNAVAILABLE',
      responseText: 'Temporary authentication failure.',
    };
    expect(classifyImapError(unavailable, clock).kind).toBe('transient');
  });
});
