// +groupName=embedding.example.com
