package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Mesh exercises listType, listMapKey, mapType and structType on fields and types.
type Mesh struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec MeshSpec `json:"spec,omitempty"`
}

// TagSet is a list type that is a set.
// +listType=set
type TagSet []string

// Annotations is a map type that is replaced as a whole.
// +mapType=atomic
type Annotations map[string]string

// Endpoint is a struct type that is replaced as a whole.
// +structType=atomic
type Endpoint struct {
	// host of the endpoint.
	Host string `json:"host"`
	// port of the endpoint.
	Port int32 `json:"port,omitempty"`
}

// Port is an item of a list map keyed by name and protocol.
type Port struct {
	// name of the port.
	Name string `json:"name"`
	// protocol of the port.
	Protocol string `json:"protocol"`
	// number of the port.
	Number int32 `json:"number,omitempty"`
}

// Route is an item of a list map keyed by name.
type Route struct {
	// name of the route.
	Name string `json:"name"`
	// weight of the route.
	Weight int32 `json:"weight,omitempty"`
}

// MeshSpec holds the topology fields.
type MeshSpec struct {
	// atomicList is replaced as a whole.
	// +listType=atomic
	AtomicList []string `json:"atomicList,omitempty"`
	// setList is merged as a set.
	// +listType=set
	SetList []int32 `json:"setList,omitempty"`
	// routes is a list map with one key.
	// +listType=map
	// +listMapKey=name
	Routes []Route `json:"routes,omitempty"`
	// ports is a list map with two keys.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=protocol
	Ports []Port `json:"ports,omitempty"`
	// granularMap is merged key by key.
	// +mapType=granular
	GranularMap map[string]string `json:"granularMap,omitempty"`
	// atomicMap is replaced as a whole.
	// +mapType=atomic
	AtomicMap map[string]int32 `json:"atomicMap,omitempty"`
	// atomicStruct is replaced as a whole.
	// +structType=atomic
	AtomicStruct *Route `json:"atomicStruct,omitempty"`
	// granularStruct is merged field by field, overriding its type's atomic structType.
	// +structType=granular
	GranularStruct *Endpoint `json:"granularStruct,omitempty"`
	// tags takes its list type from the type TagSet.
	Tags TagSet `json:"tags,omitempty"`
	// annotations takes its map type from the type Annotations.
	Annotations Annotations `json:"annotations,omitempty"`
	// endpoint takes its struct type from the type Endpoint.
	Endpoint *Endpoint `json:"endpoint,omitempty"`
	// endpoints is a list of atomic structs.
	Endpoints []Endpoint `json:"endpoints,omitempty"`
}
