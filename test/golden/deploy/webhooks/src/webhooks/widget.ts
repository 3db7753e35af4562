// +kubebuilder:webhookconfiguration:mutating=true,name=widget-defaulter

// +kubebuilder:webhook:path=/mutate-apps-example-com-v1-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=widgets,verbs=create;update,versions=v1,name=mwidget.apps.example.com,admissionReviewVersions=v1
// +kubebuilder:rbac:groups=admissionregistration.k8s.io,resources=mutatingwebhookconfigurations,verbs=get;update;patch

/** Widget is defaulted. */
export const widgetDefaulter = (w: { replicas?: number }) => ({ replicas: 1, ...w });
