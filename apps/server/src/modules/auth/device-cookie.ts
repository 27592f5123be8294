/** The device cookie of OWASP's "device cookies" guidance: which browser has signed in before. */
const DEVICE_COOKIE = 'toolkit_device';
const ONE_YEAR_SECONDS = 365 * 86_400;
const VALUE = /^[A-Za-z0-9_-]{20,100}$/;

export function readDeviceCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === DEVICE_COOKIE && VALUE.test(value)) return value;
  }
  return null;
}

export function deviceCookieHeader(value: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${value}`,
    'Path=/api/auth',
    `Max-Age=${String(ONE_YEAR_SECONDS)}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
