// +groupName=multi.example.com
package v3alpha1
