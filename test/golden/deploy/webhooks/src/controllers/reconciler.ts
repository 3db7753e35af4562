import type { EventEmitter } from 'node:events';

/*
 * +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get;list;watch;update;patch
 * +kubebuilder:rbac:groups=apps.example.com,resources=widgets/status,verbs=get;update;patch
 * +kubebuilder:rbac:groups=apps.example.com,resources=gadgets,verbs=get;list;watch;update;patch
 * +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch,namespace=widgets
 * +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=*,namespace=widgets,roleName=leader-election
 */

/** WidgetReconciler reconciles widgets. */
export class WidgetReconciler {
  constructor(readonly events: EventEmitter) {}
}
