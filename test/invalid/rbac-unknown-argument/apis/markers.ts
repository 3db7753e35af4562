// +kubebuilder:rbac:groups=apps.example.com,resource=widgets,verbs=get
