/**
 * requirements.md §7: the app's API client keeps its base host in local storage (else the build setting, else this
 * origin), sends every call to /v4/ there with credentials, and carries the stored session uuid.
 */
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

it('the default client calls the stored base host with the stored session uuid', async () => {
  const store = new Map([
    ['base_host', 'https://stored.example'],
    ['session_uuid', 'stored-session'],
  ]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
  });
  vi.stubGlobal('window', { location: { origin: 'https://app.example' } });
  const requests: Request[] = [];
  vi.stubGlobal('fetch', (input: Request | string, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return Promise.resolve(Response.json({}));
  });
  const { apiClient } = await import('../../src/api/default-client');
  expect(apiClient.sessionUuid()).toBe('stored-session');
  await apiClient.http('api/menu/get').json();
  expect(requests.map((request) => request.url)).toEqual(['https://stored.example/v4/api/menu/get']);
  apiClient.setSessionUuid('new-session');
  expect(store.get('session_uuid')).toBe('new-session');
});
