package controllers

// Markers that overlap the other file's: identical, overlapping verbs, duplicates inside one marker.
// +kubebuilder:rbac:groups=batch.example.com,resources=backups,verbs=get;list;watch
// +kubebuilder:rbac:groups=batch.example.com,resources=restores;restores,verbs=get;list;watch;watch
// +kubebuilder:rbac:groups=batch.example.com,resources=restores/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=core,resources=pods,verbs=delete,namespace=kube-system
// +kubebuilder:rbac:groups=storage.example.com;snapshot.storage.k8s.io,resources=volumesnapshots,verbs=create;get
// +kubebuilder:rbac:groups=snapshot.storage.k8s.io,resources=volumesnapshotcontents,verbs=get;create
// +kubebuilder:rbac:groups=*,resources=*,verbs=list,roleName=viewer
// +kubebuilder:rbac:urls=/version,verbs=get,roleName=viewer

// RestoreReconciler reconciles a Restore object.
type RestoreReconciler struct {
	// Name is not a marker place.
	Name string
}
