/**
 * The controller of docs/operator.md: the page shows test/unit/runtime/controller/example/widget-operator.ts verbatim (which
 * `tsc` type-checks against the built package's subpath exports), and it works against a fake API server.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
// the package's subpaths, as the example imports them (jest maps them to the sources, tsc to the built types)
import { Manager, noopLogger } from '@kubegen/runtime/controller';
import { configMaps, setupWidgetController, widgets, type ConfigMap, type Widget } from './example/widget-operator';
import { fakeServer, until } from '../../helpers/operator';
import type { KubeList } from '../../../../runtime/src/client/types';
import { eventResource, type EventsV1Event, type EventsV1EventList } from '../../../../runtime/src/events/types';

const REPO = path.resolve(__dirname, '../../../..');

it('docs/operator.md shows the example file verbatim', () => {
  const doc = fs.readFileSync(path.join(REPO, 'docs/operator.md'), 'utf8');
  const example = fs.readFileSync(path.join(__dirname, 'example/widget-operator.ts'), 'utf8');
  expect(doc).toContain(`\`\`\`ts\n${example}\`\`\`\n`);
});

it('the example reconciles a Widget into an owned ConfigMap, an event and a Ready condition; edits by hand are undone', async () => {
  const { fake, clients } = fakeServer({ allowUnconditionalUpdate: false });
  const mgr = new Manager({ clients, logger: noopLogger });
  setupWidgetController(mgr);
  const ws = fake.client<Widget, KubeList<Widget>>(widgets, 'ns');
  const cms = fake.client<ConfigMap, KubeList<ConfigMap>>(configMaps, 'ns');
  const w = await ws.create({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'ns' }, spec: { size: 3 } });
  const stop = new AbortController();
  const run = mgr.start(stop.signal);
  await until(() => fake.actions().some((a) => a.verb === 'update' && a.subresource === 'status'), 'status written', 2000);
  const cm = await cms.get('w-config');
  expect(cm.data).toEqual({ size: '3' });
  expect(cm.metadata?.ownerReferences).toEqual([{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: w.metadata?.uid, controller: true, blockOwnerDeletion: true }]);
  expect((await ws.get('w')).status?.conditions).toMatchObject([{ type: 'Ready', status: 'True', reason: 'Synced', observedGeneration: 1 }]);
  // someone edits the owned ConfigMap: owns() brings the Widget back to reconcile
  await cms.update({ ...cm, data: { size: '99' } });
  await until(() => fake.actions().filter((a) => a.verb === 'update' && a.resource.resource === 'configmaps').length === 2, 'repaired', 2000);
  expect((await cms.get('w-config')).data).toEqual({ size: '3' });
  stop.abort();
  await run;
  const events = (await fake.client<EventsV1Event, EventsV1EventList>(eventResource, 'ns').list()).items;
  // the Widget's resourceVersion changed in between (its status was written), and the regarding reference
  // includes it, so the second event is not part of the first one's series — as with client-go
  expect(events.map((e) => [e.reason, e.note, e.series?.count]).sort()).toEqual([
    ['ConfigMapSynced', 'ConfigMap created', undefined],
    ['ConfigMapSynced', 'ConfigMap updated', undefined],
  ]);
});
