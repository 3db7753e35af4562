// +groupName=defaults.example.com
package v1
