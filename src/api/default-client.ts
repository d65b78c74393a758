import { API_BASE_URL } from '../config';
import { createApiClient, resolveBaseHost } from './client';
import { localStore } from '../lib/local-store';

/** The app's one API client: base host from local storage, else the build setting, else this origin. */
export const apiClient = createApiClient({
  baseHost: resolveBaseHost(localStore, API_BASE_URL, window.location.origin),
  storage: localStore,
});
