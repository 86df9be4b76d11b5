import { request as httpRequest } from 'node:http';

export interface AddressedAnswer {
  status: number;
  body: { message?: string; code?: string };
  /** The first Set-Cookie header, and its name=value. */
  setCookie?: string;
  cookie?: string;
  /** Every Set-Cookie header, and the name=value of each. */
  setCookies: string[];
  cookies: string[];
}

/**
 * A JSON request to the stack from a chosen loopback address: the whole of 127.0.0.0/8 reaches
 * the gateway on 127.0.0.1, so 127.0.0.2 is "another client" without any proxy header. A Buffer
 * payload is sent as it is (with the caller's headers), anything else as JSON.
 */
export function requestFrom(
  localAddress: string,
  method: string,
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<AddressedAnswer> {
  const url = new URL(path, process.env.WARMPATH_URL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        localAddress,
        headers:
          payload === undefined || payload instanceof Buffer
            ? headers
            : { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : {},
            setCookie: res.headers['set-cookie']?.[0],
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
            setCookies: res.headers['set-cookie'] ?? [],
            cookies: (res.headers['set-cookie'] ?? []).map((header) => header.split(';')[0] as string),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload === undefined || payload instanceof Buffer ? payload : JSON.stringify(payload));
  });
}
