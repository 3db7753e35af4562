// +kubebuilder:webhook:mutating=false,failurePolicy=fail,sideEffects=None,groups=apps.example.com,resources=widgets,verbs=create,versions=v1,name=vwidget.apps.example.com,admissionReviewVersions=v1
