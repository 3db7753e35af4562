// +groupName=topology.example.com
