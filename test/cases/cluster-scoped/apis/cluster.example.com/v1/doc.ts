// +groupName=cluster.example.com
