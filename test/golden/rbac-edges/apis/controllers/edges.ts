// RBAC corners: wildcard non-resource URLs, subresources and resourceNames in a
// namespaced Role, */subresource, a * group, custom verbs (use, bind, escalate) and a groups × resources product.
// (Line comments: `*/scale` would end a block comment.)
//
// +kubebuilder:rbac:urls=/debug/*;/readyz,verbs=get
// +kubebuilder:rbac:groups=core,resources=pods/log;pods/exec,verbs=get;create,namespace=tenant
// +kubebuilder:rbac:groups=core,resources=configmaps;secrets,resourceNames=tenant-config,verbs=get;watch,namespace=tenant
// +kubebuilder:rbac:groups=apps,resources=*/scale,verbs=get;update
// +kubebuilder:rbac:groups=*,resources=events,verbs=create
// +kubebuilder:rbac:groups=policy,resources=podsecuritypolicies,resourceNames=restricted,verbs=use
// +kubebuilder:rbac:groups=rbac.authorization.k8s.io,resources=clusterroles,verbs=bind;escalate
// +kubebuilder:rbac:groups=core;apps,resources=pods;deployments,verbs=list
// +kubebuilder:rbac:groups=core,resources=services,verbs=*,namespace=tenant,roleName=tenant-admin

export const edges = true;
