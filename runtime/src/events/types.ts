/**
 * `events.k8s.io/v1` Event, declared here until `@kubegen/api` generates the built-in kinds (TO BE REPLACED by
 * its declarations; the shapes are the API's).
 */

import type { KubeList, KubeObject, ResourceDescriptor } from '../client/types';
import type { MicroTime, int32 } from '../meta/types';

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

/** The events.k8s.io/v1 Event resource (to be replaced by `@kubegen/api`'s descriptor). */
export const eventResource: ResourceDescriptor = Object.freeze({
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
