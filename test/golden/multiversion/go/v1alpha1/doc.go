// +groupName=multi.example.com
package v1alpha1
