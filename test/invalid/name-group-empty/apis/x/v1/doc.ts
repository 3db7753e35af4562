// +groupName=
