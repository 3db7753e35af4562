// +groupName=cel.example.com
package v1
