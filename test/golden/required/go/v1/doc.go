// +groupName=required.example.com
package v1
