// +groupName=generics.example.com
package v1
