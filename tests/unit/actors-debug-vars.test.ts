/**
 * src/actors/debug-vars.ts: /debug_vars stores the API base host in local storage `base_host`, shows the host
 * in use (read once, when the page loaded) and what local storage and the cookies of requirements.md §3 hold.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { stubLocalStorage } from '../fixtures/local-storage';

const store = new Map<string, string>();
let jar = '';

beforeEach(() => {
  vi.resetModules();
  store.clear();
  jar = '';
  vi.stubGlobal('window', { location: { origin: 'https://app.test' } });
  vi.stubGlobal('document', {
    get cookie() {
      return jar;
    },
  });
  stubLocalStorage(store);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** The module as a page load reads it: the base host in use is resolved on import. */
const load = () => import('../../src/actors/debug-vars');

describe('the base host', () => {
  it('a valid one is saved under base_host; a reset removes it', async () => {
    const { debugVarsLogic, storedBaseHost } = await load();
    const form = createActor(debugVarsLogic, { input: { stored: storedBaseHost() } }).start();
    expect(storedBaseHost()).toBeNull();

    form.send({ type: 'baseHost.change', value: 'https://gateway.example.com/' });
    form.send({ type: 'baseHost.save' });
    expect(Object.fromEntries(store)).toEqual({ base_host: 'https://gateway.example.com' });
    expect(storedBaseHost()).toBe('https://gateway.example.com');

    form.send({ type: 'baseHost.reset' });
    expect(store.size).toBe(0);
  });

  it("in use is the stored one as the page loaded, whatever is saved later; else the build's", async () => {
    store.set('base_host', 'https://gateway.example.com');
    expect((await load()).BASE_HOST_IN_USE).toBe('https://gateway.example.com');
    store.set('base_host', 'https://other.example.com');
    expect((await load()).BASE_HOST_IN_USE).toBe('https://gateway.example.com');

    vi.resetModules();
    store.clear();
    expect((await load()).BASE_HOST_IN_USE).toBe('https://api.pay-operator.example');
  });

  it("a build without a default uses this page's origin", async () => {
    vi.stubEnv('VITE_API_BASE_URL', '');
    expect((await load()).BASE_HOST_IN_USE).toBe('https://app.test');
  });
});

describe('what is stored now', () => {
  it('lists the local-storage keys of requirements.md §3 and the two cookies, raw, null when absent', async () => {
    const { readDebugValues } = await load();
    store.set('session_uuid', 'session-1');
    store.set('pay_history', '{"machine-7":[]}');
    jar = 'splash=1';

    expect(readDebugValues()).toEqual({
      storage: [
        { name: 'session_uuid', value: 'session-1' },
        { name: 'visitor_uuid', value: null },
        { name: 'machine_id', value: null },
        { name: 'price', value: null },
        { name: 'payStatus', value: null },
        { name: 'pay_data', value: null },
        { name: 'pay_history', value: '{"machine-7":[]}' },
      ],
      cookies: [
        { name: 'language', value: null },
        { name: 'splash', value: '1' },
      ],
    });
  });
});
