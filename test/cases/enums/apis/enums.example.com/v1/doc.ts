// +groupName=enums.example.com
