// Only validating webhooks, with the default configuration name and service.
// +kubebuilder:webhook:path=/validate-widgets,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=widgets,verbs=create;update,versions=v1alpha1,name=vwidget.apps.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/validate-gadgets,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=gadgets,verbs=create,versions=v1alpha1,name=vgadget.apps.example.com,admissionReviewVersions=v1

/** Widget is validated. */
export interface Widget {
  name: string;
}
