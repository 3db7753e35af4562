// +groupName=hostile.example.com
