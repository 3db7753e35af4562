import * as net from 'node:net';

/**
 * Asks the kernel for a free TCP port on `host` (loopback by default) by listening on port 0 and closing again.
 *
 * Contract: the port was free a moment ago; another process may take it before the caller binds it. Callers that
 * start servers on these ports must treat "address already in use" as a start-up failure worth one retry.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port: 0, exclusive: true }, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error(`could not determine a free port on ${host}`));
        return;
      }
      server.close((err) => {
        if (err) reject(err);
        else resolve(address.port);
      });
    });
  });
}

/** `count` distinct free ports on `host`. */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort(host));
  return [...ports];
}
