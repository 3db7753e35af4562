// +groupName=imports.example.com
