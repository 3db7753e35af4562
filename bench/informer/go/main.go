// Command informer-bench is the client-go peer of kubegen's informer benchmark: a dynamic SharedIndexInformer over
// a custom resource (objects as unstructured JSON), driven by its parent (bench/informer/index.js) through
// standard input and reporting JSON lines on standard output:
//
//	{"event":"synced","ms":<list to HasSynced>,"objects":<n>}
//	{"event":"armed"}                  (after the parent's "expect <n> <marker>": count updates to spec.schedule=<marker>)
//	{"event":"caughtUp","at":<unix ms>} (when the n-th such update reached the handler)
//	{"event":"lister","p50ns":<median>} (after the parent's "lister": ns per lister Get, median over batches)
//
// After "armed" the parent pauses the process (SIGSTOP), lands n updates, and resumes it (SIGCONT).
// Streaming lists (WatchList) are client-go's WatchListClient feature gate: the parent sets
// KUBE_FEATURE_WatchListClient=true or false in the environment.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/dynamicinformer"
	"k8s.io/client-go/dynamic/dynamiclister"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
)

var (
	out   = json.NewEncoder(os.Stdout)
	outMu sync.Mutex
)

func emit(v map[string]interface{}) {
	outMu.Lock()
	defer outMu.Unlock()
	if err := out.Encode(v); err != nil {
		fail(err)
	}
}

func nowMs() float64 { return float64(time.Now().UnixNano()) / 1e6 }

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
	if os.Getenv("BENCH_INFORMER_TRACE") != "" {
		cfg.WrapTransport = func(rt http.RoundTripper) http.RoundTripper { return tracingTransport{rt} }
	}
	client, err := dynamic.NewForConfig(cfg)
	if err != nil {
		fail(err)
	}
	gvr := schema.GroupVersionResource{Group: *group, Version: *version, Resource: *resource}
	factory := dynamicinformer.NewFilteredDynamicSharedInformerFactory(client, 0, *namespace, nil)
	informer := factory.ForResource(gvr).Informer()

	var mu sync.Mutex
	marker := ""
	want := -1
	seen := 0
	var armedCPU time.Duration
	_, err = informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(oldObj, newObj interface{}) {
			o, ok1 := oldObj.(*unstructured.Unstructured)
			n, ok2 := newObj.(*unstructured.Unstructured)
			if !ok1 || !ok2 {
				return
			}
			oldMark, _, _ := unstructured.NestedString(o.Object, "spec", "schedule")
			newMark, _, _ := unstructured.NestedString(n.Object, "spec", "schedule")
			mu.Lock()
			defer mu.Unlock()
			if marker != "" && newMark == marker && oldMark != marker {
				seen++
				if seen == want {
					emit(map[string]interface{}{"event": "caughtUp", "at": nowMs(), "cpuMs": float64((cpuTime() - armedCPU).Microseconds()) / 1000})
				}
			}
		},
	})
	if err != nil {
		fail(err)
	}

	stop := make(chan struct{})
	start := time.Now()
	factory.Start(stop)
	// HasSynced polled every 0.1 ms: cache.WaitForCacheSync polls every 100 ms, which would round the time up
	for !informer.HasSynced() {
		time.Sleep(100 * time.Microsecond)
	}
	emit(map[string]interface{}{"event": "synced", "ms": float64(time.Since(start).Nanoseconds()) / 1e6, "objects": len(informer.GetIndexer().ListKeys())})

	lister := dynamiclister.New(informer.GetIndexer(), gvr).Namespace(*namespace)
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		fields := strings.Fields(in.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "expect":
			n, err := strconv.Atoi(fields[1])
			if err != nil {
				fail(err)
			}
			mu.Lock()
			marker, want, seen, armedCPU = strings.Join(fields[2:], " "), n, 0, cpuTime()
			mu.Unlock()
			emit(map[string]interface{}{"event": "armed"})
		case "lister":
			emit(map[string]interface{}{"event": "lister", "p50ns": listerP50(lister, informer.GetIndexer().ListKeys())})
		case "exit":
			close(stop)
			return
		}
	}
}

// listerP50 times Get over every cached name in a shuffled order, in batches of 1,000: the median ns per Get.
func listerP50(lister dynamiclister.NamespaceLister, keys []string) float64 {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k[strings.IndexByte(k, '/')+1:]
	}
	rand.New(rand.NewSource(1)).Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	const batch = 1000
	var perGet []float64
	found := 0
	for round := 0; round < 20; round++ {
		for s := 0; s+batch <= len(names); s += batch {
			t := time.Now()
			for _, name := range names[s : s+batch] {
				if o, err := lister.Get(name); err == nil && o != nil {
					found++
				}
			}
			perGet = append(perGet, float64(time.Since(t).Nanoseconds())/batch)
		}
	}
	if found == 0 {
		fail(fmt.Errorf("lister found nothing"))
	}
	sort.Float64s(perGet)
	return perGet[len(perGet)/2]
}

// tracingTransport logs each request and the end of its response body on standard error (BENCH_INFORMER_TRACE).
type tracingTransport struct{ next http.RoundTripper }

func trace(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "[client-go %d %d] %s\n", os.Getpid(), time.Now().UnixMilli(), fmt.Sprintf(format, args...))
}

func (t tracingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	what := req.Method + " " + req.URL.Path + "?" + req.URL.RawQuery
	trace("%s", what)
	res, err := t.next.RoundTrip(req)
	if err != nil {
		trace("%s failed: %v", what, err)
		return res, err
	}
	res.Body = &tracedBody{ReadCloser: res.Body, what: what}
	return res, nil
}

type tracedBody struct {
	io.ReadCloser
	what  string
	bytes int
	ended bool
}

func (b *tracedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.bytes += n
	if err != nil && !b.ended {
		b.ended = true
		trace("%s ended: %d bytes: %v", b.what, b.bytes, err)
	}
	return n, err
}

// cpuTime is the process's CPU time so far (user + system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		fail(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "informer-bench:", err)
	os.Exit(1)
}
