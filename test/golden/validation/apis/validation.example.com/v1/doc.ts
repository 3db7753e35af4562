// +groupName=validation.example.com
