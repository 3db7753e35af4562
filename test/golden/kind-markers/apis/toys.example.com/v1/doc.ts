// +groupName=toys.example.com
