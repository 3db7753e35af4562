// +groupName=enums.example.com
package v1
