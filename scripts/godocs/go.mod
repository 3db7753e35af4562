module kubegen.dev/godocs

go 1.26.0
