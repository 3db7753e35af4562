// +groupName=items.example.com
package v1
