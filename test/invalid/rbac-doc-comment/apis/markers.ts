// Reconcile reconciles widgets.
// +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get
export function reconcile(): void {}

/**
 * Also a doc comment.
 * +kubebuilder:rbac:groups=apps.example.com,resources=gadgets,verbs=get
 */
export class GadgetReconciler {}
