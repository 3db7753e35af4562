// +groupName=Ex.Example.com
