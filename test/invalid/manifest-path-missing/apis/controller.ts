// +kubebuilder:rbac:groups=ex.example.com,resources=widgets,verbs=get;list;watch

export class WidgetReconciler {}
