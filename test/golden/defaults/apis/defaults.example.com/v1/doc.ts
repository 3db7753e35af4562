// +groupName=defaults.example.com
