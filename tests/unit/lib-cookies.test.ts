/** requirements.md §3's cookies as src/lib/cookies.ts reads and writes them: `language` and `splash`, for a year. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIES, readCookie, writeCookie } from '../../src/lib/cookies';

/** document.cookie as the page sees it: reading gives `jar`, each write is recorded as it was written. */
let jar = '';
const written: string[] = [];

beforeEach(() => {
  jar = '';
  written.length = 0;
  vi.stubGlobal('document', {
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      written.push(value);
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the cookies the app names (requirements.md §3)', () => {
  it('are language and splash', () => {
    expect(COOKIES).toEqual({ language: 'language', splash: 'splash' });
  });
});

describe('readCookie', () => {
  it('finds a cookie wherever it stands among the others', () => {
    jar = 'theme=dark; language=he; splash=1';
    expect(readCookie('language')).toBe('he');
    expect(readCookie('splash')).toBe('1');
    expect(readCookie('theme')).toBe('dark');
  });

  it('decodes the value', () => {
    jar = 'note=caf%C3%A9%3B%20ok';
    expect(readCookie('note')).toBe('café; ok');
  });

  it('keeps an equals sign inside the value', () => {
    jar = 'token=a=b';
    expect(readCookie('token')).toBe('a=b');
  });

  it('is undefined for a cookie that is not there, even one whose name another name starts or ends with', () => {
    jar = 'splashes=2; xlanguage=fr';
    expect(readCookie('splash')).toBeUndefined();
    expect(readCookie('language')).toBeUndefined();
    jar = '';
    expect(readCookie('splash')).toBeUndefined();
  });

  it('an empty value is a value', () => {
    jar = 'language=; splash=1';
    expect(readCookie('language')).toBe('');
  });
});

describe('writeCookie', () => {
  it('writes the value for a year, site-wide, SameSite=Lax', () => {
    writeCookie('splash', '1');
    expect(written).toEqual(['splash=1; max-age=31536000; path=/; SameSite=Lax']);
  });

  it('encodes the value', () => {
    writeCookie('language', 'he; x=1');
    expect(written).toEqual(['language=he%3B%20x%3D1; max-age=31536000; path=/; SameSite=Lax']);
  });
});
