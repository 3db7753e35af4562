// +kubebuilder:rbca:groups=apps.example.com,resources=widgets,verbs=get
