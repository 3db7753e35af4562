// +groupName=ex.example.com
