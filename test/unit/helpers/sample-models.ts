/** Models shared by the deepcopy, defaulting and conversion tests. */
import { ModelBuilder, f, opt, t } from './model-builder';

/** One version with every shape deepcopy handles: nested structs, inline structs, arrays and maps of structs, well-known types, aliases, unknown. */
export function deepcopyModel() {
  const b = new ModelBuilder();
  const v1 = b.version('stable.example.com', 'v1');
  v1.kind('CronTab', { spec: f(t.named('CronTabSpec')), status: opt(t.named('CronTabStatus')) }, { storage: true });
  v1.struct('CronTabSpec', {
    cronSpec: f(t.string),
    image: f(t.string),
    replicas: opt(t.int32),
    suspend: opt(t.boolean, { nullable: true }),
    policy: opt(t.named('ConcurrencyPolicy')),
    selector: opt(t.runtime('LabelSelector')),
    template: opt(t.struct({ labels: opt(t.map(t.string)), containers: f(t.array(t.named('Container'))) })),
    env: opt(t.map(t.named('EnvVar'))),
    matrix: opt(t.array(t.array(t.named('EnvVar')))),
    tags: opt(t.array(t.string)),
    extra: opt(t.unknown),
    raw: opt(t.wk('RawExtension')),
    size: opt(t.wk('Quantity')),
    ports: opt(t.named('PortList')),
    byZone: opt(t.named('ZoneMap')),
  });
  v1.alias('ConcurrencyPolicy', t.enum('Allow', 'Forbid', 'Replace'));
  v1.alias('PortList', t.array(t.named('Port')));
  v1.alias('ZoneMap', t.map(t.array(t.named('Port'))));
  v1.struct('Port', { name: opt(t.string), port: f(t.int32) });
  v1.struct('Container', { name: f(t.string), image: f(t.string), args: opt(t.array(t.string)), ports: opt(t.array(t.named('Port'))), resources: opt(t.map(t.wk('Quantity'))) });
  v1.struct('EnvVar', { name: f(t.string), value: opt(t.string), valueFrom: opt(t.runtime('SecretKeySelector')), secretRef: opt(t.named('SecretRef')) });
  // embeds a well-known struct the model does not declare: its keys are copied as undeclared ones
  v1.struct('SecretRef', { key: f(t.string), items: opt(t.array(t.named('Port'))) }, [t.runtime('LocalObjectReference')]);
  v1.struct('CronTabStatus', {
    conditions: opt(t.array(t.runtime('Condition'))),
    lastScheduleTime: opt(t.wk('Time')),
    active: opt(t.array(t.runtime('ObjectReference'))),
    observedGeneration: opt(t.int64),
  });
  return b.build();
}

/** A version with defaults at every level (for the defaulting tests). */
export function defaultsModel() {
  const b = new ModelBuilder();
  const v1 = b.version('apps.example.com', 'v1');
  v1.kind('App', { spec: opt(t.named('AppSpec')), status: opt(t.named('AppStatus')) }, { storage: true });
  v1.struct('AppSpec', {
    replicas: opt(t.int32, { default: 1 }),
    policy: opt(t.enum('Allow', 'Forbid'), { default: 'Allow' }),
    suspend: opt(t.boolean, { nullable: true, default: false }),
    tags: opt(t.array(t.string), { default: {} }),
    priority: opt(t.int32, { k8sDefault: 5 }),
    strategy: opt(t.named('Strategy'), { default: {} }),
    template: opt(t.struct({ labels: opt(t.map(t.string), { default: { app: 'x' } }), name: opt(t.string) })),
    containers: opt(t.array(t.named('Container'))),
    env: opt(t.map(t.named('EnvVar'))),
    config: opt(t.unknown, { default: { a: { b: [1, 2] } } }),
    'odd-name': opt(t.string, { default: "it's \\ \"odd\"\n" }),
  });
  v1.struct('Strategy', { type: opt(t.string, { default: 'Rolling' }), maxSurge: opt(t.wk('IntOrString'), { default: '25%' }) });
  v1.struct('Container', { name: f(t.string), imagePullPolicy: opt(t.string, { default: 'IfNotPresent' }), ports: opt(t.array(t.array(t.named('Port')))) });
  v1.struct('Port', { port: f(t.int32), protocol: opt(t.string, { default: 'TCP' }) });
  v1.struct('EnvVar', { name: f(t.string), value: opt(t.string, { default: '' }) });
  v1.struct('AppStatus', { ready: opt(t.boolean) });
  return b.build();
}
