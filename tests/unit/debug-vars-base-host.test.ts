/** /debug_vars: the API base host an operator may store must be an absolute http(s) address. */
import { describe, expect, it } from 'vitest';
import { checkBaseHost } from '../../machines/debug-vars/base-host';
import { checkHttpUrl } from '../../machines/shared/web-address';

describe('checkBaseHost', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['http://localhost:4173', 'http://localhost:4173'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['  https://API.Example.com//  ', 'https://api.example.com'],
    ['https://gateway.example.com/pay/', 'https://gateway.example.com/pay'],
    ['HTTPS://api.example.com', 'https://api.example.com'],
  ])('accepts %j and stores %s', (text, host) => {
    expect(checkBaseHost(text)).toEqual({ ok: true, host });
  });

  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['api.example.com', 'notUrl'],
    ['/v4/api', 'notUrl'],
    ['https:api.example.com', 'notUrl'],
    ['https:/api.example.com', 'notUrl'],
    ['http://', 'notUrl'],
    ['ftp://api.example.com', 'notHttp'],
    ['javascript:alert(1)', 'notHttp'],
    ['file:///etc/passwd', 'notHttp'],
    ['https://user:secret@api.example.com', 'extraParts'],
    ['https://user@api.example.com', 'extraParts'],
    ['https://:secret@api.example.com', 'extraParts'],
    ['https://api.example.com/?debug=1', 'extraParts'],
    ['https://api.example.com/#top', 'extraParts'],
    ['https://api.example.com?', 'extraParts'],
  ])('refuses %j: %s', (text, problem) => {
    expect(checkBaseHost(text)).toEqual({ ok: false, problem });
  });
});

describe('checkHttpUrl', () => {
  it('keeps a query and a fragment (return addresses may carry them)', () => {
    const check = checkHttpUrl('https://shop.example/done?order=7#receipt');
    expect(check.ok && check.url.href).toBe('https://shop.example/done?order=7#receipt');
  });

  it('refuses anything but a full http(s) address', () => {
    expect(checkHttpUrl('data:text/html,hi')).toEqual({ ok: false, problem: 'notHttp' });
    expect(checkHttpUrl('//shop.example/done')).toEqual({ ok: false, problem: 'notUrl' });
  });
});
