// +groupName=pruning.example.com
package v1
