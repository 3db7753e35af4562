// +groupName=cluster.example.com
package v1
