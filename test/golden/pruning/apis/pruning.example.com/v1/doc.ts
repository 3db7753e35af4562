// +groupName=pruning.example.com
