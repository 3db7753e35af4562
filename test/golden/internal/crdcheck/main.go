// Command crdcheck validates CRD files the way the apiserver does (ValidateCustomResourceDefinition: structural
// schema, CEL compilation and cost, defaults, list-map keys …) and prints every violation. regenerate.sh runs it
// on every expected file, so that each golden case is a CRD a real cluster accepts.
package main

import (
	"context"
	"fmt"
	"os"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"
)

func main() {
	scheme := runtime.NewScheme()
	_ = apiextensions.AddToScheme(scheme)
	_ = apiextensionsv1.AddToScheme(scheme)
	bad := 0
	for _, f := range os.Args[1:] {
		data, err := os.ReadFile(f)
		if err != nil {
			panic(err)
		}
		var v1 apiextensionsv1.CustomResourceDefinition
		if err := yaml.UnmarshalStrict(data, &v1); err != nil {
			fmt.Println(f, "unmarshal:", err)
			bad++
			continue
		}
		apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(&v1)
		var internal apiextensions.CustomResourceDefinition
		if err := scheme.Convert(&v1, &internal, nil); err != nil {
			panic(err)
		}
		errs := validation.ValidateCustomResourceDefinition(context.Background(), &internal)
		if len(errs) > 0 {
			bad++
			fmt.Println(f)
			for _, e := range errs {
				fmt.Println("   ", e)
			}
		} else {
			fmt.Println("ok", f)
		}
	}
	if bad > 0 {
		os.Exit(1)
	}
}
