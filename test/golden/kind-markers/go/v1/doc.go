// +groupName=toys.example.com
package v1
