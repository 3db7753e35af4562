/**
 * The group versions `@kubegen/api` gained beyond the first fourteen, against a real kube-apiserver: the create-only
 * kinds answered by the apiserver (authorization/v1 SubjectAccessReview and SelfSubjectAccessReview,
 * authentication/v1 TokenReview of a token from `serviceaccounts/token`), a certificates/v1 CertificateSigningRequest
 * created and approved through its `approval` subresource, an apiregistration/v1 APIService created and read (and
 * deleted at once: an APIService whose service does not answer would make discovery incomplete for the files after
 * this one), and an admissionregistration/v1 ValidatingAdmissionPolicy with its binding refusing a ConfigMap.
 *
 * Cluster-scoped objects are named `e2e-api-groups-…` (no other file uses the prefix) and deleted at the end.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { fromOptions, isNotFound } from '@kubegen/runtime';
import { CoreClientset } from '@kubegen/api/core';
import { AuthorizationClientset } from '@kubegen/api/authorization';
import type { SubjectAccessReview } from '@kubegen/api/authorization/v1';
import { AuthenticationClientset } from '@kubegen/api/authentication';
import { CertificatesClientset } from '@kubegen/api/certificates';
import type { CertificateSigningRequest } from '@kubegen/api/certificates/v1';
import { ApiregistrationClientset } from '@kubegen/api/apiregistration';
import type { APIService } from '@kubegen/api/apiregistration/v1';
import { AdmissionregistrationClientset } from '@kubegen/api/admissionregistration';
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '@kubegen/api/admissionregistration/v1';
import { useE2e } from './support/namespace';

jest.setTimeout(60_000);

const e2e = useE2e(__filename);

function config() {
  const { url, ca, token } = e2e.connection;
  return fromOptions({ server: url, ca, token });
}

/** Deletes, ignoring an object already gone. */
async function remove(del: () => Promise<unknown>): Promise<void> {
  await del().catch((e: unknown) => {
    if (!isNotFound(e)) throw e;
  });
}

// DER, just what a PKCS#10 certification request needs (node:crypto signs but builds no CSR)
function der(tag: number, body: Buffer): Buffer {
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}
const seq = (...xs: Buffer[]) => der(0x30, Buffer.concat(xs));
const oid = (bytes: number[]) => der(0x06, Buffer.from(bytes));

/** A PEM certification request for `CN=<cn>` with a new ECDSA P-256 key, signed with it (ecdsa-with-SHA256). */
function certificationRequest(cn: string): string {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  // Name: CN (2.5.4.3) as a UTF8String
  const subject = seq(der(0x31, seq(oid([0x55, 0x04, 0x03]), der(0x0c, Buffer.from(cn, 'utf8')))));
  const info = seq(der(0x02, Buffer.from([0])), subject, publicKey.export({ type: 'spki', format: 'der' }), Buffer.from([0xa0, 0x00]));
  const signature = sign('sha256', info, privateKey);
  const ecdsaWithSha256 = seq(oid([0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02]));
  const csr = seq(info, ecdsaWithSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = csr.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE REQUEST-----\n${lines.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`;
}

test('authorization/v1: a SubjectAccessReview and a SelfSubjectAccessReview are answered', async () => {
  const authz = new AuthorizationClientset(config()).authorizationV1();
  const review: SubjectAccessReview = {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SubjectAccessReview',
    spec: { user: 'e2e-api-groups-nobody', resourceAttributes: { namespace: e2e.namespace, verb: 'get', resource: 'pods' } },
  };
  const answer = await authz.subjectAccessReviews().create(review);
  expect(answer.status?.allowed).toBe(false);
  const self = await authz.selfSubjectAccessReviews().create({ spec: { resourceAttributes: { namespace: e2e.namespace, verb: 'create', resource: 'configmaps' } } });
  expect(self.status?.allowed).toBe(true);
});

test('authentication/v1: a TokenReview of a ServiceAccount token names the ServiceAccount', async () => {
  const core = new CoreClientset(config()).coreV1();
  await core.serviceAccounts(e2e.namespace).create({ metadata: { name: 'reviewed' } });
  const issued = await core.serviceAccounts(e2e.namespace).createToken('reviewed', { spec: { audiences: ['https://kubegen.example/api-groups'], expirationSeconds: 600 } });
  const token = issued.status?.token ?? '';
  const tokenReviews = new AuthenticationClientset(config()).authenticationV1().tokenReviews();
  const review = await tokenReviews.create({ spec: { token, audiences: ['https://kubegen.example/api-groups'] } });
  expect(review.status?.authenticated).toBe(true);
  expect(review.status?.user?.username).toBe(`system:serviceaccount:${e2e.namespace}:reviewed`);
  const forged = await tokenReviews.create({ spec: { token: `${token.slice(0, -4)}AAAA` } });
  expect(forged.status?.authenticated ?? false).toBe(false);
});

test('certificates/v1: a CertificateSigningRequest is created and approved through certificatesigningrequests/approval', async () => {
  const csrs = new CertificatesClientset(config()).certificatesV1().certificateSigningRequests();
  const name = `e2e-api-groups-${createHash('sha256').update(e2e.namespace).digest('hex').slice(0, 8)}`;
  const csr: CertificateSigningRequest = {
    metadata: { name },
    spec: {
      request: Buffer.from(certificationRequest('e2e-api-groups-client')).toString('base64'),
      signerName: 'kubernetes.io/kube-apiserver-client',
      expirationSeconds: 600,
      usages: ['digital signature', 'client auth'],
    },
  };
  try {
    const created = await csrs.create(csr);
    expect(created.spec.username).toBeTruthy();
    expect(created.status?.conditions ?? []).toEqual([]);
    const approved = await csrs.updateApproval(name, {
      ...created,
      status: { conditions: [{ type: 'Approved', status: 'True', reason: 'E2eApproved', message: 'approved by the api-groups e2e test' }] },
    });
    expect(approved.status?.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([['Approved', 'True', 'E2eApproved']]);
    expect((await csrs.get(name)).status?.conditions?.[0]?.type).toBe('Approved');
  } finally {
    await remove(() => csrs.delete(name));
  }
});

test('apiregistration/v1: an APIService is created and read back', async () => {
  const apiServices = new ApiregistrationClientset(config()).apiregistrationV1().apiServices();
  const apiService: APIService = {
    metadata: { name: 'v1alpha1.e2e-api-groups.kubegen.io' },
    spec: {
      group: 'e2e-api-groups.kubegen.io',
      version: 'v1alpha1',
      service: { namespace: e2e.namespace, name: 'nobody-serves-this', port: 443 },
      insecureSkipTLSVerify: true,
      groupPriorityMinimum: 1000,
      versionPriority: 15,
    },
  };
  try {
    const created = await apiServices.create(apiService);
    expect(created.apiVersion).toBe('apiregistration.k8s.io/v1');
    const read = await apiServices.get('v1alpha1.e2e-api-groups.kubegen.io');
    expect(read.spec?.service?.name).toBe('nobody-serves-this');
    expect(read.spec?.groupPriorityMinimum).toBe(1000);
    expect((await apiServices.list()).items.map((a) => a.metadata?.name)).toContain('v1alpha1.e2e-api-groups.kubegen.io');
  } finally {
    await remove(() => apiServices.delete('v1alpha1.e2e-api-groups.kubegen.io'));
  }
});

test('admissionregistration/v1: a ValidatingAdmissionPolicy and its binding refuse a ConfigMap', async () => {
  const admission = new AdmissionregistrationClientset(config()).admissionregistrationV1();
  const policy: ValidatingAdmissionPolicy = {
    metadata: { name: 'e2e-api-groups-no-forbidden-mode' },
    spec: {
      failurePolicy: 'Fail',
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['configmaps'] }] },
      validations: [{ expression: "!has(object.data) || !('mode' in object.data) || object.data.mode != 'forbidden'", message: 'mode must not be forbidden' }],
    },
  };
  const binding: ValidatingAdmissionPolicyBinding = {
    metadata: { name: 'e2e-api-groups-no-forbidden-mode' },
    spec: {
      policyName: 'e2e-api-groups-no-forbidden-mode',
      validationActions: ['Deny'],
      matchResources: { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': e2e.namespace } } },
    },
  };
  const configMaps = new CoreClientset(config()).coreV1().configMaps(e2e.namespace);
  try {
    await admission.validatingAdmissionPolicies().create(policy);
    await admission.validatingAdmissionPolicyBindings().create(binding);
    // the admission plugin learns of the policy and its binding through its informers: a little later
    const deadline = Date.now() + 30_000;
    let refusal: unknown;
    for (let i = 0; refusal === undefined; i++) {
      refusal = await configMaps.create({ metadata: { name: `probe-${i}` }, data: { mode: 'forbidden' } }).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (refusal === undefined && Date.now() > deadline) throw new Error('the policy never refused a ConfigMap');
      if (refusal === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refusal instanceof Error ? refusal.message : refusal).toContain('mode must not be forbidden');
    const allowed = await configMaps.create({ metadata: { name: 'allowed' }, data: { mode: 'fast' } });
    expect(allowed.data).toEqual({ mode: 'fast' });
  } finally {
    await remove(() => admission.validatingAdmissionPolicyBindings().delete('e2e-api-groups-no-forbidden-mode'));
    await remove(() => admission.validatingAdmissionPolicies().delete('e2e-api-groups-no-forbidden-mode'));
  }
});
