import * as net from 'node:net';
import * as os from 'node:os';

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

/**
 * This machine's first non-loopback IPv4 address, for an EndpointSlice that points the control plane at a server
 * running here (a webhook server, an aggregated apiserver): the apiserver refuses endpoint addresses in 127.0.0.0/8,
 * and envtest has no cluster network. `forWhat` names the server in the error when there is no such address.
 */
export function endpointAddress(forWhat: string, interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): string {
  for (const addresses of Object.values(interfaces)) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  throw new Error(`this machine has no non-loopback IPv4 address to publish ${forWhat} at (an EndpointSlice may not name 127.0.0.0/8)`);
}
