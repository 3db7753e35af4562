// +groupName=ex.example.com
// +versionName=../../v1
