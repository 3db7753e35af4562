module kubegen.dev/celtables

go 1.26.0
