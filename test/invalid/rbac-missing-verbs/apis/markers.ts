// +kubebuilder:rbac:groups=apps.example.com,resources=widgets
