/**
 * The testing toolkit's addresses: a free port (the kernel's choice, bound a moment later), and the address an
 * EndpointSlice can name for a server on this machine (the first non-loopback IPv4; the apiserver refuses 127.0.0.0/8).
 */
import * as net from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';
import { endpointAddress, freePort } from '../../../../runtime/src/testing/ports';

// binds sockets
jest.setTimeout(30_000);

function nic(address: string, family: 'IPv4' | 'IPv6', internal: boolean): NetworkInterfaceInfo {
  const common = { address, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', internal, cidr: null };
  return family === 'IPv4' ? { ...common, family } : { ...common, family, scopeid: 0 };
}

test.each([
  { name: 'skips loopback and IPv6', given: { lo: [nic('127.0.0.1', 'IPv4', true)], eth0: [nic('fe80::1', 'IPv6', false), nic('10.1.2.3', 'IPv4', false)] }, want: '10.1.2.3' },
  { name: 'the first interface that has one', given: { eth0: [nic('192.0.2.2', 'IPv4', false)], eth1: [nic('198.51.100.7', 'IPv4', false)] }, want: '192.0.2.2' },
  { name: 'an interface without addresses', given: { down: undefined, eth0: [nic('10.0.0.9', 'IPv4', false)] }, want: '10.0.0.9' },
])('endpointAddress: $name', ({ given, want }) => {
  expect(endpointAddress('the server', given)).toBe(want);
});

test('endpointAddress: only loopback is an error naming the server', () => {
  expect(() => endpointAddress('the webhook server', { lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)] })).toThrow(
    'this machine has no non-loopback IPv4 address to publish the webhook server at (an EndpointSlice may not name 127.0.0.0/8)',
  );
});

test('freePort: a port a server can listen on at once', async () => {
  const port = await freePort('127.0.0.1');
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const address = server.address();
  expect(typeof address === 'object' && address !== null ? address.port : 0).toBe(port);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
