// Package controllers holds the reconcilers.
//
// +kubebuilder:rbac:groups=batch.example.com,resources=backups,verbs=get;list;watch;create;update;patch;delete
package controllers

// +kubebuilder:rbac:groups=batch.example.com,resources=backups/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=batch.example.com,resources=backups/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=pods;secrets,verbs=get;list;watch
// +kubebuilder:rbac:groups="",resources=events,verbs=create;patch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=*
// +kubebuilder:rbac:groups=apps,resources=statefulsets,verbs=*;get
// +kubebuilder:rbac:groups=apps;extensions,resources=replicasets,verbs=get
// +kubebuilder:rbac:urls=/metrics;/healthz,verbs=get
// +kubebuilder:rbac:urls=/livez,verbs=get
// +kubebuilder:rbac:groups="",resources=configmaps,resourceNames=leader-lock;settings,verbs=get;update
// +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=get;list;watch;create;update;patch;delete,namespace=kube-system
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get,namespace=backup-system,roleName=backup-secrets
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get;watch,namespace=backup-system
// +kubebuilder:rbac:groups=Example.com,resources=Things,verbs=GET

// BackupReconciler reconciles a Backup object.
type BackupReconciler struct{}

// Reconcile does nothing.
func (r *BackupReconciler) Reconcile() error {
	return nil
}

// +kubebuilder:rbac:groups=batch.example.com,resources=schedules,verbs=get;list;watch
