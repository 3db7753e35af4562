'use strict';
/**
 * The kubegen side of `npm run bench -- apiserver`, a process of its own as the Go peer is: `@kubegen/apiserver`
 * serving the wardle sample from its generated package and CRDs, in etcd, with delegated authentication and
 * authorization against the control plane (the requestheader configuration from extension-apiserver-authentication,
 * TokenReview, SubjectAccessReview), as sample-apiserver runs. argv[2] is a JSON object: { host, port, etcd, url, ca,
 * token, cert, key } (PEM texts, not files). Prints `ready` once listening; SIGTERM closes it.
 */
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const { APIServer, DelegatingAuth, apiGroupFromPackage } = require(path.join(root, 'apiserver', 'dist', 'index.js'));
const { EtcdStorage } = require(path.join(root, 'apiserver', 'dist', 'storage', 'index.js'));
const { createRestClient, fromOptions } = require(path.join(root, 'runtime', 'dist', 'client', 'index.js'));
const { readCrdFiles } = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));
const wardle = require(path.join(root, 'generated', 'wardle.example.com'));

async function main() {
  const o = JSON.parse(process.argv[2] ?? '{}');
  const client = createRestClient(fromOptions({ server: o.url, ca: o.ca, token: o.token }));
  const storage = new EtcdStorage({ endpoints: [o.etcd] });
  const auth = await DelegatingAuth.fromCluster({ client });
  const group = apiGroupFromPackage(wardle, readCrdFiles([path.join(root, 'generated', 'wardle.example.com', 'crds')]));
  const server = new APIServer({ groups: [group], storage, tls: { cert: o.cert, key: o.key }, auth });
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
