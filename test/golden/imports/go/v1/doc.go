// +groupName=imports.example.com
package v1
