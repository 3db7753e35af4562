'use strict';
/**
 * The kubegen side of `npm run bench -- apiserver`, a process of its own as the Go peer is: the wardle sample server
 * (examples/wardle-apiserver, built by index.js: `@kubegen/apiserver` over the generated package and CRDs, with the
 * sample's BanFlunder admission plugin), in etcd, with delegated authentication and authorization against the control
 * plane (the requestheader configuration from extension-apiserver-authentication, TokenReview, SubjectAccessReview), as
 * sample-apiserver runs. argv[2] is a JSON object: { host, port, etcd, url, ca,
 * token, cert, key } (PEM texts, not files). Prints `ready` once listening; SIGTERM closes it.
 */
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const { DelegatingAuth } = require(path.join(root, 'apiserver', 'dist', 'index.js'));
const { wardleAPIServer } = require(path.join(root, 'examples', 'wardle-apiserver', 'dist', 'server.js'));
const { EtcdStorage } = require(path.join(root, 'apiserver', 'dist', 'storage', 'index.js'));
const { createRestClient, fromOptions } = require(path.join(root, 'runtime', 'dist', 'client', 'index.js'));

async function main() {
  const o = JSON.parse(process.argv[2] ?? '{}');
  const client = createRestClient(fromOptions({ server: o.url, ca: o.ca, token: o.token }));
  const storage = new EtcdStorage({ endpoints: [o.etcd] });
  const auth = await DelegatingAuth.fromCluster({ client });
  const server = wardleAPIServer({ storage, tls: { cert: o.cert, key: o.key }, auth });
  await server.listen(o.port, o.host);
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void (async () => {
      await server.close();
      await storage.close();
      await client.close();
      process.exit(0);
    })();
  });
}

main().catch((err) => {
  process.stderr.write(`bench apiserver (kubegen): ${err instanceof Error ? err.message : 'failed'}\n`);
  process.exit(1);
});
