package v1

import (
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Workload runs a pod template with the scheduling and storage settings of Kubernetes' own workloads.
// +genclient
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Workload struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WorkloadSpec   `json:"spec"`
	Status WorkloadStatus `json:"status,omitempty"`
}

// WorkloadSpec embeds built-in types as properties, lists, pointers and maps.
type WorkloadSpec struct {
	// template is the pod template every replica runs.
	Template corev1.PodTemplateSpec `json:"template"`
	// resources bound the workload as a whole.
	// +optional
	Resources corev1.ResourceRequirements `json:"resources,omitempty"`
	// tolerations are added to every pod.
	// +optional
	Tolerations []corev1.Toleration `json:"tolerations,omitempty"`
	// affinity overrides the template's affinity.
	// +optional
	Affinity *corev1.Affinity `json:"affinity,omitempty"`
	// strategy replaces old pods by new ones.
	// +optional
	Strategy appsv1.DeploymentStrategy `json:"strategy,omitempty"`
	// volumeClaimTemplates are claims every replica gets.
	// +optional
	VolumeClaimTemplates []corev1.PersistentVolumeClaim `json:"volumeClaimTemplates,omitempty"`
	// ports are exposed by the workload's service.
	// +optional
	// +listType=map
	// +listMapKey=port
	// +listMapKey=protocol
	Ports []corev1.ServicePort `json:"ports,omitempty"`
	// sidecars run next to the template's containers.
	// +optional
	Sidecars []Sidecar `json:"sidecars,omitempty"`
	// env is shared by every container; it has no doc of its own in EnvVar's place.
	// +optional
	Env []corev1.EnvVar `json:"env,omitempty"`
}

// Sidecar is a container with one setting of its own (Go inline embedding of a built-in type).
type Sidecar struct {
	corev1.Container `json:",inline"`
	// critical sidecars stop the workload when they fail.
	// +optional
	Critical bool `json:"critical,omitempty"`
}

// WorkloadStatus reports per-pod phases.
type WorkloadStatus struct {
	// phases maps pod names to their phase.
	// +optional
	Phases map[string]corev1.PodPhase `json:"phases,omitempty"`
	// phase is the phase of the newest pod.
	// +optional
	Phase corev1.PodPhase `json:"phase,omitempty"`
	// conditions of the workload.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// WorkloadList is a list of Workloads.
// +kubebuilder:object:root=true
type WorkloadList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Workload `json:"items"`
}

// BatchRun is a kind whose spec and status are batch/v1's own Job types.
// +genclient
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type BatchRun struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   batchv1.JobSpec   `json:"spec,omitempty"`
	Status batchv1.JobStatus `json:"status,omitempty"`
}

// BatchRunList is a list of BatchRuns.
// +kubebuilder:object:root=true
type BatchRunList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []BatchRun `json:"items"`
}
