// +groupName=validation.example.com
package v1
