/** What a better-auth endpoint answered, whether it succeeded or threw. */
export type AuthCallResult = {
  status: number;
  /** better-auth's error code (INVALID_EMAIL_OR_PASSWORD, INVALID_CODE…), when it failed. */
  errorCode: string | undefined;
  body: Record<string, unknown>;
  setCookies: string[];
};

/**
 * Runs a better-auth endpoint with `asResponse: true` and reads its answer. Some failures come
 * back as a Response, others are thrown as an APIError: both end up in the same shape.
 */
export async function callAuth(run: () => Promise<Response>): Promise<AuthCallResult> {
  try {
    const response = await run();
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown> | null;
    return {
      status: response.status,
      errorCode: response.ok ? undefined : String(body?.code ?? 'UNKNOWN'),
      body: body ?? {},
      setCookies: response.headers.getSetCookie(),
    };
  } catch (error) {
    const apiError = error as { statusCode?: number; body?: { code?: string }; headers?: Headers };
    if (typeof apiError.statusCode !== 'number') throw error;
    return {
      status: apiError.statusCode,
      errorCode: apiError.body?.code ?? 'UNKNOWN',
      body: {},
      setCookies: apiError.headers?.getSetCookie?.() ?? [],
    };
  }
}
