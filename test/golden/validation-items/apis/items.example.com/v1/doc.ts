// +groupName=items.example.com
