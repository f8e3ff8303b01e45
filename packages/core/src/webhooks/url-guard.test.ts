import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPublicAddress } from './url-guard';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, multicast and unspecified addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:10.1.2.3',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('judges an IPv6 address that carries an IPv4 one as that IPv4, however it is spelled', () => {
    for (const address of [
      '::127.0.0.1',
      '0:0:0:0:0:0:127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::169.254.169.254',
      '0000:0000:0000:0000:0000:ffff:7f00:0001',
      '::ffff:0:127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::8.8.8.8',
      '2002:7f00:1::1',
      '2002:c0a8:101::',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of [
      '::8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('accepts public unicast addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('checkWebhookUrl', () => {
  it('needs https, allows http only to localhost when private addresses are allowed', async () => {
    await expect(checkWebhookUrl('http://93.184.216.34/hook', false)).rejects.toThrow(
      'Webhook URL must use https://',
    );
    await expect(checkWebhookUrl('http://localhost:8080/hook', true)).resolves.toBeUndefined();
    await expect(checkWebhookUrl('http://10.0.0.1/hook', true)).rejects.toThrow(
      'Webhook URL must use https://',
    );
    await expect(checkWebhookUrl('https://93.184.216.34/hook', false)).resolves.toBeUndefined();
    await expect(checkWebhookUrl('https://[::1]/hook', false)).rejects.toThrow('private');
  });
});
