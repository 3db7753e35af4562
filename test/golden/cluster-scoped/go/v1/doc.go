// +groupName=cluster.example.com
// +kubebuilder:rbac:groups=cluster.example.com,resources=clusterpolicies;proxies,verbs=get;list;watch
package v1
