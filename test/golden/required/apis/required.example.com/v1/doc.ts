// +groupName=required.example.com
