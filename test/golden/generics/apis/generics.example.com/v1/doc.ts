// +groupName=generics.example.com
