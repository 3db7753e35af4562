// Imported by kubegen import; edit freely: this is now API source.

// Package v1 holds the API types of runners.example.com/v1.
//
// +groupName=runners.example.com
