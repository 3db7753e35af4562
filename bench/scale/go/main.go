// Command scale-bench is the client-go peer of kubegen's scale benchmark (bench/scale/index.js): a fresh process
// runs one dynamic SharedIndexInformer over a custom resource with controller-runtime's TransformStripManagedFields
// (managedFields dropped before an object is cached), waits for it to sync, and prints one JSON line:
//
//	{"event":"synced","ms":<start to HasSynced>,"objects":<n>,"rssMiB":<peak RSS, VmHWM>,
//	 "heapMiB":<live heap after a GC, HeapAlloc>,"baseHeapMiB":<the same before the informer started>}
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/dynamicinformer"
	"k8s.io/client-go/tools/clientcmd"
)

func main() {
	kubeconfig := flag.String("kubeconfig", "", "kubeconfig file")
	namespace := flag.String("namespace", "default", "namespace")
	group := flag.String("group", "", "API group")
	version := flag.String("version", "v1", "API version")
	resource := flag.String("resource", "", "plural resource")
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
	gvr := schema.GroupVersionResource{Group: *group, Version: *version, Resource: *resource}
	factory := dynamicinformer.NewFilteredDynamicSharedInformerFactory(client, 0, *namespace, nil)
	informer := factory.ForResource(gvr).Informer()
	// controller-runtime's TransformStripManagedFields
	if err := informer.SetTransform(func(in interface{}) (interface{}, error) {
		if obj, err := meta.Accessor(in); err == nil && obj.GetManagedFields() != nil {
			obj.SetManagedFields(nil)
		}
		return in, nil
	}); err != nil {
		fail(err)
	}
	baseHeap := heapMiB()
	stop := make(chan struct{})
	start := time.Now()
	factory.Start(stop)
	for !informer.HasSynced() {
		time.Sleep(100 * time.Microsecond)
	}
	ms := float64(time.Since(start).Nanoseconds()) / 1e6
	rss := peakRSSMiB()
	out, err := json.Marshal(map[string]interface{}{"event": "synced", "ms": ms, "objects": len(informer.GetIndexer().ListKeys()), "rssMiB": rss, "heapMiB": heapMiB(), "baseHeapMiB": baseHeap})
	if err != nil {
		fail(err)
	}
	fmt.Println(string(out))
	close(stop)
}

// heapMiB is the live heap after a full collection (HeapAlloc), what the cache holds without the sync's garbage.
func heapMiB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// peakRSSMiB reads VmHWM (the peak resident set) from /proc/self/status.
func peakRSSMiB() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		fail(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if fields := strings.Fields(s.Text()); len(fields) >= 2 && fields[0] == "VmHWM:" {
			kib, err := strconv.ParseFloat(fields[1], 64)
			if err != nil {
				fail(err)
			}
			return kib / 1024
		}
	}
	fail(fmt.Errorf("no VmHWM in /proc/self/status"))
	return 0
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
