// +groupName=multi.example.com
package v2
