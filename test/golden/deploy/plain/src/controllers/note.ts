/**
 * The Note controller's permissions.
 *
 * +kubebuilder:rbac:groups=basic.example.com,resources=notes,verbs=get;list;watch;update;patch
 * +kubebuilder:rbac:groups=basic.example.com,resources=notes/status,verbs=get;update;patch
 * +kubebuilder:rbac:groups=core,resources=events,verbs=create;patch
 */
export {};
