// Command controller-bench is the controller-runtime peer of kubegen's controller benchmark: the same minimal
// operator as bench/controller/kubegen.js — For(CronTab) with the generation-changed predicate, Owns(ConfigMap) —
// whose reconcile reads the CronTab from the manager's cache (the unstructured CronTab as well: Cache.Unstructured), CreateOrUpdates a ConfigMap `<name>` (labels, data
// from the spec, a controller reference) and sets status.lastScheduleTime to the creation time when it differs.
//
// It watches one namespace, and prints one JSON line once every CronTab of it (-n) has been reconciled
// successfully at least once:
//
//	{"event":"done","ms":<first reconcile start → n-th distinct success>,"reconciles":<successful reconciles by then>,
//	 "writes":<objects created or updated by then>}
//
// then runs until its standard input closes.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/clientcmd"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

var gvk = schema.GroupVersionKind{Group: "stable.example.com", Version: "v1", Kind: "CronTab"}

type reconciler struct {
	client.Client
	scheme *runtime.Scheme
	n      int

	mu         sync.Mutex
	first      time.Time
	reconciles int
	writes     int
	done       map[string]bool
	// the time the reconciles spent in their two writes, as the client saw it
	createOrUpdateTime time.Duration
	createOrUpdates    int
	statusTime         time.Duration
	statuses           int
}

func (r *reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.mu.Lock()
	if r.first.IsZero() {
		r.first = time.Now()
	}
	r.mu.Unlock()
	ct := &unstructured.Unstructured{}
	ct.SetGroupVersionKind(gvk)
	if err := r.Get(ctx, req.NamespacedName, ct); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	schedule, _, _ := unstructured.NestedString(ct.Object, "spec", "schedule")
	image, _, _ := unstructured.NestedString(ct.Object, "spec", "image")
	replicas, _, _ := unstructured.NestedInt64(ct.Object, "spec", "replicas")
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	t0 := time.Now()
	op, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		if cm.Labels == nil {
			cm.Labels = map[string]string{}
		}
		cm.Labels["app.kubernetes.io/managed-by"] = "crontab-controller"
		cm.Labels["crontab"] = req.Name
		cm.Data = map[string]string{"schedule": schedule, "image": image, "replicas": strconv.FormatInt(replicas, 10)}
		return controllerutil.SetControllerReference(ct, cm, r.scheme)
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	if op != controllerutil.OperationResultNone {
		r.count(&r.createOrUpdateTime, &r.createOrUpdates, time.Since(t0), true)
	}
	want := ct.GetCreationTimestamp().UTC().Format(time.RFC3339)
	if got, _, _ := unstructured.NestedString(ct.Object, "status", "lastScheduleTime"); got != want {
		if err := unstructured.SetNestedField(ct.Object, want, "status", "lastScheduleTime"); err != nil {
			return ctrl.Result{}, err
		}
		t1 := time.Now()
		err := r.Status().Update(ctx, ct)
		r.count(&r.statusTime, &r.statuses, time.Since(t1), err == nil)
		if err != nil {
			return ctrl.Result{}, err
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reconciles++
	key := req.String()
	if !r.done[key] {
		r.done[key] = true
		if len(r.done) == r.n {
			out, _ := json.Marshal(map[string]interface{}{
				"event": "done", "ms": float64(time.Since(r.first).Nanoseconds()) / 1e6, "reconciles": r.reconciles, "writes": r.writes,
				"createOrUpdateMs": float64(r.createOrUpdateTime.Nanoseconds()) / 1e6, "createOrUpdates": r.createOrUpdates,
				"statusMs": float64(r.statusTime.Nanoseconds()) / 1e6, "statuses": r.statuses,
			})
			fmt.Println(string(out))
		}
	}
	return ctrl.Result{}, nil
}

// count records a write request that took d: one more of n, d more of total, and one more write when it wrote (a
// failed status update counts its time, not a write).
func (r *reconciler) count(total *time.Duration, n *int, d time.Duration, wrote bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	*total += d
	*n++
	if wrote {
		r.writes++
	}
}

func main() {
	kubeconfig := flag.String("kubeconfig-file", "", "kubeconfig file (controller-runtime registers -kubeconfig itself)")
	namespace := flag.String("namespace", "default", "namespace")
	n := flag.Int("n", 1000, "objects to wait for")
	concurrency := flag.Int("concurrency", 4, "MaxConcurrentReconciles")
	flag.Parse()

	// No logs, as the kubegen child's noopLogger (and no warning that the logger was never set, which
	// controller-runtime prints with a goroutine's stack after 30 s).
	ctrl.SetLogger(logr.Discard())
	cfg, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		fail(err)
	}
	cfg.QPS = 100000
	cfg.Burst = 100000
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		fail(err)
	}
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme:                 scheme,
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		Cache:                  cache.Options{DefaultNamespaces: map[string]cache.Config{*namespace: {}}},
		// The CronTab is unstructured here only because the peer has no Go type for it: read it from the cache, as a
		// typed operator's client does (controller-runtime reads unstructured objects live unless asked otherwise).
		Client: client.Options{Cache: &client.CacheOptions{Unstructured: true}},
	})
	if err != nil {
		fail(err)
	}
	r := &reconciler{Client: mgr.GetClient(), scheme: scheme, n: *n, done: map[string]bool{}}
	owner := &unstructured.Unstructured{}
	owner.SetGroupVersionKind(gvk)
	if err := ctrl.NewControllerManagedBy(mgr).
		Named("crontab").
		For(owner, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&corev1.ConfigMap{}).
		WithOptions(controller.Options{MaxConcurrentReconciles: *concurrency}).
		Complete(r); err != nil {
		fail(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		cancel()
	}()
	if err := mgr.Start(ctx); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "controller-bench:", err)
	os.Exit(1)
}
