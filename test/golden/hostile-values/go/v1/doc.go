// +groupName=hostile.example.com
package v1
