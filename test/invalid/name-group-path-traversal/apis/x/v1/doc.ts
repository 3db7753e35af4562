// +groupName=../victim
