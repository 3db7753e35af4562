// Command client-bench is the client-go peer of kubegen's client benchmark: the same create/get/update/list/delete
// loop, through k8s.io/client-go's dynamic client, printing one JSON line with its throughput.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/tools/clientcmd"
)

func main() {
	kubeconfig := flag.String("kubeconfig", "", "kubeconfig file")
	namespace := flag.String("namespace", "default", "namespace")
	group := flag.String("group", "", "API group")
	version := flag.String("version", "v1", "API version")
	resource := flag.String("resource", "", "plural resource")
	kind := flag.String("kind", "", "kind")
	n := flag.Int("n", 100, "iterations")
	prefix := flag.String("prefix", "go", "object name prefix")
	flag.Parse()

	cfg, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		fail(err)
	}
	cfg.QPS = 100000
	cfg.Burst = 100000
	client, err := dynamic.NewForConfig(cfg)
	if err != nil {
		fail(err)
	}
	res := client.Resource(schema.GroupVersionResource{Group: *group, Version: *version, Resource: *resource}).Namespace(*namespace)
	ctx := context.Background()
	start := time.Now()
	for i := 0; i < *n; i++ {
		name := fmt.Sprintf("%s-%d", *prefix, i)
		obj := &unstructured.Unstructured{Object: map[string]interface{}{
			"apiVersion": *group + "/" + *version,
			"kind":       *kind,
			"metadata":   map[string]interface{}{"name": name},
			"spec":       map[string]interface{}{"schedule": "*/5 * * * *", "image": "busybox", "replicas": int64(i + 1)},
		}}
		if _, err := res.Create(ctx, obj, metav1.CreateOptions{}); err != nil {
			fail(err)
		}
		got, err := res.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			fail(err)
		}
		if err := unstructured.SetNestedField(got.Object, int64(i+2), "spec", "replicas"); err != nil {
			fail(err)
		}
		if _, err := res.Update(ctx, got, metav1.UpdateOptions{}); err != nil {
			fail(err)
		}
		if _, err := res.List(ctx, metav1.ListOptions{}); err != nil {
			fail(err)
		}
		if err := res.Delete(ctx, name, metav1.DeleteOptions{}); err != nil {
			fail(err)
		}
	}
	elapsed := time.Since(start).Seconds()
	out, _ := json.Marshal(map[string]interface{}{"ops": *n * 5, "seconds": elapsed})
	fmt.Println(string(out))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "client-bench:", err)
	os.Exit(1)
}
