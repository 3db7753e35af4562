// +groupName=multi.example.com
