import { API_BASE_URL } from '../config';
import { localStore } from '../lib/local-store';
import { resolveBaseHost } from './address';
import { createApiClient } from './client';

/** The app's one API client: base host from local storage, else the build setting, else this origin. */
export const apiClient = createApiClient({
  baseHost: resolveBaseHost(localStore, API_BASE_URL, window.location.origin),
  storage: localStore,
});
