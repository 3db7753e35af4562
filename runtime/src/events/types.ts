/**
 * `events.k8s.io/v1` Event as the recorder writes it: the fields of `@kubegen/api/events/v1`'s Event but the
 * `deprecated*` ones (which the recorder never sets). Declared here because the runtime cannot depend on
 * `@kubegen/api` (which depends on the runtime); test/unit/runtime/api-types.test.ts checks at compile time that
 * this Event and `@kubegen/api`'s are mutually assignable (the deprecated fields are optional) and that
 * `@kubegen/api`'s Event clients are `EventsV1EventClient`s, and at run time that the descriptors are equal.
 */

import type { KubeList, KubeObject, ResourceClient, ResourceDescriptor } from '../client/types';
import type { MicroTime, ObjectMeta, int32 } from '../meta/types';

/** core/v1 ObjectReference, as events use it. */
export interface EventObjectReference {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface EventSeries {
  count: int32;
  lastObservedTime: MicroTime;
}

export interface EventsV1Event extends KubeObject {
  /** Required: Go's Event has no omitempty on metadata (the recorder always names the event). */
  metadata: ObjectMeta;
  eventTime: MicroTime;
  series?: EventSeries;
  reportingController?: string;
  reportingInstance?: string;
  action?: string;
  reason?: string;
  regarding?: EventObjectReference;
  related?: EventObjectReference;
  note?: string;
  type?: string;
}

export type EventsV1EventList = KubeList<EventsV1Event>;

/**
 * The verbs of an Event client the recorder uses: what a `TypedClient`, a fake's client and `@kubegen/api`'s
 * `EventsV1Client.events(namespace)` all provide.
 */
export type EventsV1EventClient = Pick<ResourceClient<EventsV1Event, EventsV1EventList>, 'create' | 'patch'>;

/** The events.k8s.io/v1 Event resource (equal to `@kubegen/api/events/v1`'s `eventResource`). */
export const eventResource: ResourceDescriptor<EventsV1Event, EventsV1EventList> = Object.freeze({
  group: 'events.k8s.io',
  version: 'v1',
  resource: 'events',
  kind: 'Event',
  listKind: 'EventList',
  namespaced: true,
});

/** `Normal` and `Warning`, the only event types the recorder writes. */
export const EventTypeNormal = 'Normal';
export const EventTypeWarning = 'Warning';
export type EventType = typeof EventTypeNormal | typeof EventTypeWarning;
