import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook } from './sign-webhook';

// The example of the Standard Webhooks specification.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const AT = new Date(1614265330 * 1000);
const BODY = '{"test": 2432232314}';

describe('signWebhook', () => {
  it("matches the specification's example signature", () => {
    expect(signWebhook([SECRET], ID, AT, BODY)).toEqual({
      'webhook-id': ID,
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('signs with every valid secret, and each verifies with the reference library', () => {
    const other = 'whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCE=';
    // The reference library checks the timestamp against its own wall clock (five minutes' tolerance).
    const now = new Date();
    const headers = signWebhook([other, SECRET], ID, now, BODY);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(SECRET).verify(BODY, headers)).toEqual({ test: 2432232314 });
    expect(new Webhook(other).verify(BODY, headers)).toEqual({ test: 2432232314 });
    expect(() => new Webhook('whsec_d3Jvbmcgc2VjcmV0IHdyb25nIHNlY3JldA==').verify(BODY, headers)).toThrow();
  });
});
