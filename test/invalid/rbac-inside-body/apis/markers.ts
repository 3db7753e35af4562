export class WidgetReconciler {
  // +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get
  reconcile(): void {
    /* +kubebuilder:rbac:groups=apps.example.com,resources=gadgets,verbs=get */
  }
}
