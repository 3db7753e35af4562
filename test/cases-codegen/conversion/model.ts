/**
 * CronTab served in v1alpha1, v1beta1 and v1 (the hub, storage version), built by hand until the loader can read
 * ./apis (the same API, written in the input language). Exercises: a renamed required field (cronSpec ↔
 * schedule, hand-written), a retyped field (timeout string ↔ int32, hand-written), fields only one version has (at
 * the top and nested inside list items), nested structs with different names, maps of structs, well-known types.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ModelBuilder, f, opt, t } from '../../unit/helpers/model-builder';

/** The hand-written conversion.ts of a version, as the loader records it. */
function conversionSource(version: string): string {
  return fs.readFileSync(path.join(__dirname, 'apis/stable.example.com', version, 'conversion.ts'), 'utf8');
}

export const generators = ['conversion', 'deepcopy', 'defaults'];

const TIMEOUT_PATTERN = { name: 'kubebuilder:validation:Pattern', value: '^(0|[1-9][0-9]{0,3})s$' };

export function build(options: { manual?: boolean } = {}) {
  const manual = options.manual ?? true;
  const b = new ModelBuilder();

  const v1 = b.version('stable.example.com', 'v1');
  v1.kind('CronTab', { spec: f(t.named('CronTabSpec')), status: opt(t.named('CronTabStatus')) }, { storage: true });
  v1.struct('CronTabSpec', {
    schedule: f(t.string),
    image: f(t.string),
    replicas: opt(t.int32, { default: 1 }),
    timeout: opt(t.int32),
    policy: opt(t.enum('Allow', 'Forbid', 'Replace')),
    template: opt(t.named('PodTemplate')),
    selector: opt(t.runtime('LabelSelector')),
    env: opt(t.map(t.named('EnvVar'))),
    v1Only: opt(t.struct({ a: opt(t.string), b: opt(t.array(t.int32)) })),
  });
  v1.struct('PodTemplate', { labels: opt(t.map(t.string)), containers: f(t.array(t.named('Container'))) });
  v1.struct('Container', { name: f(t.string), image: f(t.string), resources: opt(t.map(t.wk('Quantity'))) });
  v1.struct('EnvVar', { name: f(t.string), value: opt(t.string) });
  v1.struct('CronTabStatus', { conditions: opt(t.array(t.runtime('Condition'))), lastScheduleTime: opt(t.wk('Time')) });

  const v1beta1 = b.version('stable.example.com', 'v1beta1');
  v1beta1.kind('CronTab', { spec: f(t.named('CronTabSpec')), status: opt(t.named('CronTabStatus')) });
  v1beta1.struct('CronTabSpec', {
    cronSpec: f(t.string),
    image: f(t.string),
    replicas: opt(t.int32),
    timeout: opt(t.string, { markers: [TIMEOUT_PATTERN] }),
    policy: opt(t.enum('Allow', 'Forbid')),
    template: opt(t.named('Template')),
    selector: opt(t.runtime('LabelSelector')),
    env: opt(t.map(t.named('EnvVar'))),
    betaOnly: opt(t.string),
  });
  v1beta1.struct('Template', { labels: opt(t.map(t.string)), containers: f(t.array(t.named('Container'))) });
  v1beta1.struct('Container', { name: f(t.string), image: f(t.string), betaNote: opt(t.string) });
  v1beta1.struct('EnvVar', { name: f(t.string), value: opt(t.string) });
  v1beta1.struct('CronTabStatus', { conditions: opt(t.array(t.runtime('Condition'))), lastScheduleTime: opt(t.wk('Time')) });
  if (manual) {
    v1beta1.conversionFunctions = [
      'convert_v1beta1_CronTabSpec_cronSpec_To_v1',
      'convert_v1_CronTabSpec_schedule_To_v1beta1',
      'convert_v1beta1_CronTabSpec_timeout_To_v1',
      'convert_v1_CronTabSpec_timeout_To_v1beta1',
    ];
    v1beta1.conversionSource = conversionSource('v1beta1');
  }

  const v1alpha1 = b.version('stable.example.com', 'v1alpha1');
  v1alpha1.kind('CronTab', { spec: f(t.named('CronTabSpec')) });
  v1alpha1.struct('CronTabSpec', { cronSpec: f(t.string), image: f(t.string), alphaOnly: opt(t.array(t.named('Container'))) });
  v1alpha1.struct('Container', { name: f(t.string), image: f(t.string) });
  if (manual) {
    v1alpha1.conversionFunctions = ['convert_v1alpha1_CronTabSpec_cronSpec_To_v1', 'convert_v1_CronTabSpec_schedule_To_v1alpha1'];
    v1alpha1.conversionSource = conversionSource('v1alpha1');
  }

  return b.build();
}
