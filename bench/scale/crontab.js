'use strict';
/**
 * The objects of the scale benchmark (bench/scale/index.js), two shapes (BENCH_SCALE_OBJECT):
 *   - `realistic` (the default): a CronTab of the bench's own group `bench.kubegen.dev` whose spec is what a batch/v1
 *     CronJob carries — a schedule, its policies and a job template with a pod template of two containers (env,
 *     resources, volume mounts, security contexts), volumes, a node selector and a toleration: ≈2.5 KB of JSON, as a
 *     real CronJob, Deployment or Pod is 2–5 KB. Its CRD (`crd()`, below) has a structural schema of exactly these
 *     fields, so the apiserver keeps them (the sample CRD stable.example.com prunes unknown fields) and validates them.
 *   - `small`: the sample CronTab of stable.example.com (generated/stable.example.com), spec = schedule, image,
 *     replicas, timeZone — ≈80% of a cached object is its metadata, the shape of the measurements before realistic
 *     objects (kept for comparison).
 * Why realistic by default: the scale goals are about what a cache costs. With toy objects a process's base (Node's
 * ≈58 MiB) outweighs the cache and metadata outweighs the spec, so "metadata-only ≤ 0.3× full" and "a shard of 3 ≤ 0.4×
 * one replica" measure the base and the metadata, not the lean cache and the sharding they are about.
 */

const GROUP = 'bench.kubegen.dev';
const VERSION = 'v1';
const PLURAL = 'crontabs';
const KIND = 'CronTab';

const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const strMap = { type: 'object', additionalProperties: str };
const obj = (properties, required) => ({ type: 'object', properties, ...(required ? { required } : {}) });
const arr = (items) => ({ type: 'array', items });
const keyRef = obj({ name: str, key: str, optional: bool }, ['key']);
const container = obj(
  {
    name: str,
    image: str,
    imagePullPolicy: { type: 'string', enum: ['Always', 'IfNotPresent', 'Never'] },
    command: arr(str),
    args: arr(str),
    env: arr(obj({ name: str, value: str, valueFrom: obj({ secretKeyRef: keyRef, configMapKeyRef: keyRef, fieldRef: obj({ apiVersion: str, fieldPath: str }, ['fieldPath']) }) }, ['name'])),
    resources: obj({ requests: strMap, limits: strMap }),
    volumeMounts: arr(obj({ name: str, mountPath: str, readOnly: bool, subPath: str }, ['name', 'mountPath'])),
    securityContext: obj({ allowPrivilegeEscalation: bool, readOnlyRootFilesystem: bool, runAsNonRoot: bool, capabilities: obj({ drop: arr(str), add: arr(str) }) }),
  },
  ['name', 'image'],
);
const podTemplate = obj({
  metadata: obj({ labels: strMap, annotations: strMap }),
  spec: obj(
    {
      restartPolicy: { type: 'string', enum: ['OnFailure', 'Never'] },
      serviceAccountName: str,
      terminationGracePeriodSeconds: int,
      securityContext: obj({ runAsNonRoot: bool, runAsUser: int, runAsGroup: int, fsGroup: int, seccompProfile: obj({ type: str }) }),
      containers: arr(container),
      volumes: arr(obj({ name: str, configMap: obj({ name: str, defaultMode: int }), secret: obj({ secretName: str, defaultMode: int }), emptyDir: obj({ medium: str, sizeLimit: str }) }, ['name'])),
      nodeSelector: strMap,
      tolerations: arr(obj({ key: str, operator: str, value: str, effect: str })),
    },
    ['containers'],
  ),
});

/** The bench's own CRD of realistic CronTabs (see the module doc). */
function crd() {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${PLURAL}.${GROUP}` },
    spec: {
      group: GROUP,
      names: { kind: KIND, listKind: `${KIND}List`, plural: PLURAL, singular: 'crontab' },
      scope: 'Namespaced',
      versions: [
        {
          name: VERSION,
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: {
            openAPIV3Schema: obj(
              {
                apiVersion: str,
                kind: str,
                metadata: { type: 'object' },
                spec: obj(
                  {
                    schedule: str,
                    timeZone: str,
                    concurrencyPolicy: { type: 'string', enum: ['Allow', 'Forbid', 'Replace'] },
                    suspend: bool,
                    startingDeadlineSeconds: int,
                    successfulJobsHistoryLimit: int,
                    failedJobsHistoryLimit: int,
                    jobTemplate: obj({
                      metadata: obj({ labels: strMap, annotations: strMap }),
                      spec: obj({ backoffLimit: int, activeDeadlineSeconds: int, ttlSecondsAfterFinished: int, parallelism: int, completions: int, template: podTemplate }),
                    }),
                  },
                  ['schedule', 'jobTemplate'],
                ),
                status: obj({ lastScheduleTime: str, lastSuccessfulTime: str }),
              },
              ['spec'],
            ),
          },
        },
      ],
    },
  };
}

/** The i-th realistic CronTab (see the module doc), ≈2.5 KB of JSON. */
function realistic(i, namespace) {
  const name = `crontab-${String(i).padStart(6, '0')}`;
  const team = `team-${i % 7}`;
  const labels = { app: 'bench', shard: String(i % 16), 'app.kubernetes.io/name': 'report', 'app.kubernetes.io/instance': name };
  return {
    apiVersion: `${GROUP}/${VERSION}`,
    kind: KIND,
    metadata: { name, namespace, labels, annotations: { 'bench.kubegen.io/owner': team } },
    spec: {
      schedule: `${i % 60} */${(i % 6) + 1} * * *`,
      timeZone: 'Etc/UTC',
      concurrencyPolicy: 'Forbid',
      startingDeadlineSeconds: 300,
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 1,
      jobTemplate: {
        metadata: { labels: { app: 'bench', 'app.kubernetes.io/instance': name } },
        spec: {
          backoffLimit: 2,
          activeDeadlineSeconds: 1800,
          ttlSecondsAfterFinished: 86400,
          template: {
            metadata: { labels: { app: 'bench', 'app.kubernetes.io/instance': name }, annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9102' } },
            spec: {
              restartPolicy: 'OnFailure',
              serviceAccountName: `${team}-reports`,
              terminationGracePeriodSeconds: 30,
              securityContext: { runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001, fsGroup: 10001, seccompProfile: { type: 'RuntimeDefault' } },
              containers: [
                {
                  name: 'report',
                  image: `registry.example.com/${team}/report-generator:2.14.${i % 10}`,
                  imagePullPolicy: 'IfNotPresent',
                  command: ['/usr/local/bin/report-generator'],
                  args: ['--config=/etc/report/config.yaml', '--output=/var/run/report', `--tenant=${team}`, '--log-format=json'],
                  env: [
                    { name: 'REPORT_NAME', value: name },
                    { name: 'LOG_LEVEL', value: 'info' },
                    { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: `${team}-database`, key: 'url' } } },
                    { name: 'API_TOKEN', valueFrom: { secretKeyRef: { name: `${team}-api`, key: 'token' } } },
                    { name: 'REGION', valueFrom: { configMapKeyRef: { name: 'cluster-info', key: 'region' } } },
                    { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
                  ],
                  resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: '1', memory: '1Gi' } },
                  volumeMounts: [
                    { name: 'config', mountPath: '/etc/report', readOnly: true },
                    { name: 'credentials', mountPath: '/var/run/secrets/report', readOnly: true },
                    { name: 'scratch', mountPath: '/var/run/report' },
                  ],
                  securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
                },
                {
                  name: 'log-shipper',
                  image: 'registry.example.com/platform/log-shipper:1.9.2',
                  args: ['--input=/var/run/report/*.log', '--output=stdout'],
                  resources: { requests: { cpu: '10m', memory: '32Mi' }, limits: { cpu: '100m', memory: '64Mi' } },
                  volumeMounts: [{ name: 'scratch', mountPath: '/var/run/report', readOnly: true }],
                  securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
                },
              ],
              volumes: [
                { name: 'config', configMap: { name: `${name}-config`, defaultMode: 420 } },
                { name: 'credentials', secret: { secretName: `${team}-report-credentials`, defaultMode: 256 } },
                { name: 'scratch', emptyDir: { sizeLimit: '1Gi' } },
              ],
              nodeSelector: { 'kubernetes.io/os': 'linux', 'node.kubernetes.io/pool': 'batch' },
              tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'batch', effect: 'NoSchedule' }],
            },
          },
        },
      },
    },
  };
}

/** The i-th small CronTab of stable.example.com (see the module doc). */
function small(i, namespace) {
  return {
    apiVersion: 'stable.example.com/v1',
    kind: KIND,
    metadata: { name: `crontab-${String(i).padStart(6, '0')}`, namespace, labels: { app: 'bench', shard: String(i % 16) }, annotations: { 'bench.kubegen.io/owner': `team-${i % 7}` } },
    spec: { schedule: '*/5 * * * *', image: 'registry.example.com/cron/job:1.2.3', replicas: (i % 5) + 1, timeZone: 'Etc/UTC' },
  };
}

/**
 * The shape named by `which` (`realistic` or `small`): its group, version, resource and kind, its CRD (`crdFile`, the
 * generated sample's YAML, or `crd`, the bench's own) and the i-th object.
 */
function shape(which, root) {
  const path = require('node:path');
  if (which === 'small') {
    const fs = require('node:fs');
    const { parse } = require('yaml');
    const crdFile = path.join(root, 'generated', 'stable.example.com', 'crds', `stable.example.com_${PLURAL}.yaml`);
    return { name: 'small', group: 'stable.example.com', version: VERSION, plural: PLURAL, kind: KIND, crd: parse(fs.readFileSync(crdFile, 'utf8')), object: small };
  }
  if (which === 'realistic') return { name: 'realistic', group: GROUP, version: VERSION, plural: PLURAL, kind: KIND, crd: crd(), object: realistic };
  return undefined;
}

module.exports = { shape, crd, realistic, small };
