// +groupName=topology.example.com
package v1
