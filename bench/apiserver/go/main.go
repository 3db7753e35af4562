// The Go peer of `npm run bench -- apiserver`: k8s.io/sample-apiserver v0.37.2 as its module ships it (the wardle
// group, etcd storage, delegated authentication and authorization, the BanFlunder admission plugin), built from the
// Go module proxy by bench/gopeer.js. Its own main, unchanged: the command and flags of sample-apiserver.
package main

import (
	"os"

	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/component-base/cli"
	"k8s.io/sample-apiserver/pkg/cmd/server"
)

func main() {
	ctx := genericapiserver.SetupSignalContext()
	options := server.NewWardleServerOptions(os.Stdout, os.Stderr)
	cmd := server.NewCommandStartWardleServer(ctx, options, false)
	os.Exit(cli.Run(cmd))
}
