// +groupName=multi.example.com
package v1beta1
