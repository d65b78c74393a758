import { checkHttpUrl, type HttpUrlProblem } from '../shared/web-address';

/** Why a text cannot be the API base host. */
export type BaseHostProblem = HttpUrlProblem | 'extraParts';

export type BaseHostCheck = { ok: true; host: string } | { ok: false; problem: BaseHostProblem };

/**
 * The API base host an operator may store (requirements.md §3): an absolute http(s) address without
 * credentials, query or fragment (the client appends /v4/ to it). Answers it without a trailing slash.
 */
export function checkBaseHost(text: string): BaseHostCheck {
  const check = checkHttpUrl(text);
  if (!check.ok) return check;
  const { url } = check;
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(text)) {
    return { ok: false, problem: 'extraParts' };
  }
  return { ok: true, host: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}
