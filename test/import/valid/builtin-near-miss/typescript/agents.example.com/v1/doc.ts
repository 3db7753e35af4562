// Imported by kubegen import; edit freely: this is now API source.

// Package v1 holds the API types of agents.example.com/v1.
//
// +groupName=agents.example.com
