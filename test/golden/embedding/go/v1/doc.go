// +groupName=embedding.example.com
package v1
