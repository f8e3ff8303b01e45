import { describe, expect, it } from 'vitest';
import {
  checkNamed,
  createDkimKey,
  type DkimKeyPair,
  plainMessage,
  publishHealthyDomain,
  type SenderHealthDns,
  signMessage,
} from '../testing/sender-health-kit';
import { useSenderHealthDns } from '../testing/sender-health-lifecycle';

let env: SenderHealthDns;
let key: DkimKeyPair;
let otherKey: DkimKeyPair;
useSenderHealthDns((shared) => {
  ({ env, key } = shared);
  otherKey = createDkimKey();
});

const IP = '198.51.100.7';

/** An SMTP domain set up well, and a copy of a message its mailbox sent, signed with `signer`. */
async function smtpSent(signer: { domain?: string; selector?: string; privateKey?: string } = {}) {
  publishHealthyDomain(env.dns, 'smtp.test', {
    provider: 'smtp',
    sendingIp: IP,
    selector: 'mail',
    dkim: key,
  });
  return signMessage(plainMessage('sam@smtp.test', env.clock.now()), {
    domain: signer.domain ?? 'smtp.test',
    selector: signer.selector ?? 'mail',
    privateKey: signer.privateKey ?? key.privateKey,
    time: env.clock.now(),
  });
}
const checkSmtp = (sentMessage: Buffer | null) =>
  env.check({ email: 'sam@smtp.test', provider: 'smtp', sendingIp: IP, sentMessage });

describe('the DKIM check', () => {
  it('fails a Google domain without a key at the google selector, saying where to turn signing on', async () => {
    publishHealthyDomain(env.dns, 'acme.test', { provider: 'google', dkim: key });
    env.dns.remove('google._domainkey.acme.test');
    const report = await env.check({ email: 'sam@acme.test', provider: 'google' });
    const dkim = checkNamed(report, 'dkim');
    expect(dkim).toMatchObject({ result: 'fail', found: null, fix: null });
    expect(dkim.reason).toContain('There is no DKIM key at google._domainkey.acme.test');
    expect(dkim.reason).toContain('Google Admin console');
    // SPF still lines up with the From domain.
    expect(report.dmarcAligned).toBe(true);
  });

  it('warns a 1024-bit key, fails a 512-bit key and a revoked one', async () => {
    publishHealthyDomain(env.dns, 'acme.test', { provider: 'google', dkim: createDkimKey(1024) });
    const weak = checkNamed(await env.check({ email: 'sam@acme.test', provider: 'google' }), 'dkim');
    expect(weak.result).toBe('warn');
    expect(weak.reason).toContain('1024 bits; 2048 bits is advised');

    publishHealthyDomain(env.dns, 'acme.test', { provider: 'google', dkim: createDkimKey(512) });
    const tooShort = checkNamed(await env.check({ email: 'sam@acme.test', provider: 'google' }), 'dkim');
    expect(tooShort.result).toBe('fail');
    expect(tooShort.reason).toContain('only 512 bits');

    env.dns.set('google._domainkey.acme.test', 'TXT', ['v=DKIM1; k=rsa; p=']);
    const revoked = checkNamed(await env.check({ email: 'sam@acme.test', provider: 'google' }), 'dkim');
    expect(revoked.result).toBe('fail');
    expect(revoked.reason).toContain('empty key (p=), which means revoked');
  });

  it('warns a Microsoft domain publishing only one of its two selectors', async () => {
    publishHealthyDomain(env.dns, 'contoso.test', { provider: 'microsoft', dkim: key });
    env.dns.remove('selector2._domainkey.contoso.test');
    const dkim = checkNamed(await env.check({ email: 'sam@contoso.test', provider: 'microsoft' }), 'dkim');
    expect(dkim.result).toBe('warn');
    expect(dkim.reason).toContain('There is no DKIM key at selector2._domainkey.contoso.test');
  });

  it('fails a sent copy whose body changed after signing', async () => {
    const sent = await smtpSent();
    const changed = Buffer.from(sent.toString().replace('next week', 'tomorrow'));
    const report = await checkSmtp(changed);
    const dkim = checkNamed(report, 'dkim');
    expect(dkim.result).toBe('fail');
    expect(dkim.reason).toContain('does not verify: body hash did not verify');
    // The key itself is fine and SPF still aligns.
    expect(dkim.reason).toContain('2048-bit RSA key');
    expect(report.dmarcAligned).toBe(true);
  });

  it('fails a sent copy signed with a key other than the one published', async () => {
    const report = await checkSmtp(await smtpSent({ privateKey: otherKey.privateKey }));
    expect(checkNamed(report, 'dkim').result).toBe('fail');
    expect(checkNamed(report, 'dkim').reason).toContain('bad signature');
  });

  it('fails a sent copy with no signature, or signed only by another domain', async () => {
    await smtpSent();
    const unsigned = checkNamed(
      await checkSmtp(Buffer.from(plainMessage('sam@smtp.test', env.clock.now()))),
      'dkim',
    );
    expect(unsigned.result).toBe('fail');
    expect(unsigned.reason).toContain('carries no DKIM signature');

    env.dns.set('esp._domainkey.mailer.test', 'TXT', [otherKey.record]);
    const sent = await signMessage(plainMessage('sam@smtp.test', env.clock.now()), {
      domain: 'mailer.test',
      selector: 'esp',
      privateKey: otherKey.privateKey,
      time: env.clock.now(),
    });
    const foreign = checkNamed(await checkSmtp(sent), 'dkim');
    expect(foreign.result).toBe('fail');
    expect(foreign.reason).toContain('signed only by mailer.test, not by smtp.test');
  });

  it('does not verify a sent copy over the size limit', async () => {
    const sent = await smtpSent();
    const huge = Buffer.concat([sent, Buffer.alloc(10 * 1024 * 1024, 'a')]);
    const dkim = checkNamed(await checkSmtp(huge), 'dkim');
    expect(dkim.result).toBe('unknown');
    expect(dkim.reason).toContain('larger than 10 MB');
  });

  it('says "could not check" for an SMTP mailbox with no sent copy yet', async () => {
    await smtpSent();
    const report = await checkSmtp(null);
    expect(checkNamed(report, 'dkim').result).toBe('unknown');
    expect(checkNamed(report, 'dkim').reason).toContain('there is none yet');
    // SPF for the server's address aligns, whatever DKIM says.
    expect(report.dmarcAligned).toBe(true);
  });
});
