// +groupName=wellknown.example.com
