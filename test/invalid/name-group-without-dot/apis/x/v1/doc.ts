// +groupName=example
