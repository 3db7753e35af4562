export const verbs = ['get']; // +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get
