// +groupName=apps.example.com
