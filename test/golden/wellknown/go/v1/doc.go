// +groupName=wellknown.example.com
package v1
