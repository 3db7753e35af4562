module kubegen.test/manifests

go 1.26.0
