// +groupName=cel.example.com
