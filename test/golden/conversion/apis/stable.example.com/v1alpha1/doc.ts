// +groupName=stable.example.com
