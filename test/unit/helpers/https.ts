/**
 * One HTTPS request to a test server on 127.0.0.1 trusting `ca`, without connection reuse: the status and the body
 * as text. Shared by the webhook and admission server tests.
 */
import * as https from 'node:https';

export interface Reply {
  status: number;
  body: string;
}

export function httpsSend(
  target: { port: number; ca: string | Buffer },
  method: string,
  urlPath: string,
  body?: string | Buffer,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port: target.port, method, path: urlPath, ca: target.ca, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
