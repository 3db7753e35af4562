import { isNotFound, type Condition, type KubeObject, type ResourceDescriptor, type RestClient } from '@kubegen/runtime';
import { Manager, controllerManagedBy, generationChangedPredicate, restClientFactory } from '@kubegen/runtime/controller';
import { createOrUpdate, setControllerReference, setStatusCondition } from '@kubegen/runtime/controllerutil';

// What kubegen generates for your API (and @kubegen/api for built-in kinds):
export interface Widget extends KubeObject { spec?: { size?: number }; status?: { conditions?: Condition[] } }
export interface ConfigMap extends KubeObject { data?: Record<string, string> }
export const widgets: ResourceDescriptor<Widget> = { group: 'example.com', version: 'v1', resource: 'widgets', kind: 'Widget', namespaced: true, subresources: { status: true } };
export const configMaps: ResourceDescriptor<ConfigMap> = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true };

/** Every Widget owns a ConfigMap `<name>-config` holding its size, and says so in its Ready condition. */
export function setupWidgetController(mgr: Manager): void {
  const cache = mgr.lister(widgets);
  const events = mgr.getEventRecorder('widget-controller');
  controllerManagedBy(mgr)
    .for(widgets, { predicates: [generationChangedPredicate()] })
    .owns(configMaps)
    .complete(async ({ namespace, name }, signal) => {
      let widget: Widget;
      try {
        widget = structuredClone(cache.namespace(namespace).get(name));
      } catch (err) {
        if (isNotFound(err)) return; // deleted: the garbage collector removes what it owned
        throw err; // retried with backoff
      }
      const { result } = await createOrUpdate(mgr.clientFor(configMaps, namespace), { metadata: { name: `${name}-config`, namespace } }, (cm) => {
        cm.data = { size: String(widget.spec?.size ?? 1) };
        setControllerReference(widget, cm);
      }, { signal });
      if (result !== 'unchanged') events.eventf(widget, undefined, 'Normal', 'ConfigMapSynced', 'Reconcile', `ConfigMap ${result}`);
      const conditions = widget.status?.conditions ?? [];
      if (setStatusCondition(conditions, { type: 'Ready', status: 'True', reason: 'Synced', message: '', observedGeneration: widget.metadata?.generation })) {
        await mgr.clientFor(widgets, namespace).updateStatus({ ...widget, status: { ...widget.status, conditions } }, { signal });
      }
    });
}

/** The process: metrics, probes, leader election, graceful stop on SIGTERM. */
export async function main(rest: RestClient): Promise<void> {
  const mgr = new Manager({
    clients: restClientFactory(rest),
    metrics: { bindAddress: ':8080' },
    healthProbeBindAddress: ':8081',
    leaderElection: { id: 'widget-operator', releaseOnCancel: true },
  });
  mgr.addReadyzCheck('informers', mgr.cacheSyncChecker());
  setupWidgetController(mgr);
  const stop = new AbortController();
  process.once('SIGTERM', () => stop.abort());
  await mgr.start(stop.signal);
}
