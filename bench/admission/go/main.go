// Command admission-bench is the controller-runtime peer of kubegen's admission benchmark, and the load generator
// used for both servers:
//
//	admission-bench serve -cert-dir DIR -port N   controller-runtime's webhook server (pkg/webhook) with the
//	                                               benchmark's validating handler at /validate-stable-example-com-v1-crontab
//	admission-bench load -url URL -ca FILE -body FILE -c N -duration D
//	                                               N keep-alive HTTP/1.1 connections POSTing the AdmissionReview in a
//	                                               loop for D; prints {"requests":…,"seconds":…,"errors":…}
package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// cronTab is the part of a CronTab the handler reads.
type cronTab struct {
	Metadata struct {
		Name string `json:"name"`
	} `json:"metadata"`
	Spec struct {
		Schedule string `json:"schedule"`
		Replicas *int32 `json:"replicas"`
	} `json:"spec"`
}

// validate is the benchmark's validating handler (the same rule as bench/admission/server.js): on CREATE and
// UPDATE, spec.replicas at most 10 and a schedule; a warning when replicas is unset.
func validate(_ context.Context, req admission.Request) admission.Response {
	if req.Operation != admissionv1.Create && req.Operation != admissionv1.Update {
		return admission.Allowed("")
	}
	var obj cronTab
	if err := json.Unmarshal(req.Object.Raw, &obj); err != nil {
		return admission.Errored(http.StatusBadRequest, err)
	}
	if obj.Spec.Replicas != nil && *obj.Spec.Replicas > 10 {
		return admission.Denied(fmt.Sprintf("spec.replicas: %d is more than 10", *obj.Spec.Replicas))
	}
	if obj.Spec.Schedule == "" {
		return admission.Denied("spec.schedule is required")
	}
	if obj.Spec.Replicas == nil {
		return admission.Allowed("").WithWarnings("spec.replicas is not set")
	}
	return admission.Allowed("")
}

func serve(args []string) {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	certDir := fs.String("cert-dir", "", "directory with tls.crt and tls.key")
	port := fs.Int("port", 9443, "port")
	_ = fs.Parse(args)
	srv := webhook.NewServer(webhook.Options{Host: "127.0.0.1", Port: *port, CertDir: *certDir})
	srv.Register("/validate-stable-example-com-v1-crontab", &webhook.Admission{Handler: admission.HandlerFunc(validate)})
	ctx := ctrl.SetupSignalHandler()
	go func() {
		for {
			c, err := tls.Dial("tcp", "127.0.0.1:"+strconv.Itoa(*port), &tls.Config{InsecureSkipVerify: true})
			if err == nil {
				c.Close()
				fmt.Println("listening", *port)
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	if err := srv.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func load(args []string) {
	fs := flag.NewFlagSet("load", flag.ExitOnError)
	url := fs.String("url", "", "endpoint")
	caFile := fs.String("ca", "", "CA file")
	bodyFile := fs.String("body", "", "request body file")
	conc := fs.Int("c", 16, "concurrent connections")
	duration := fs.Duration("duration", 5*time.Second, "how long")
	_ = fs.Parse(args)
	ca, err := os.ReadFile(*caFile)
	if err != nil {
		panic(err)
	}
	body, err := os.ReadFile(*bodyFile)
	if err != nil {
		panic(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca)
	transport := &http.Transport{
		TLSClientConfig:     &tls.Config{RootCAs: pool},
		MaxIdleConnsPerHost: *conc,
		MaxConnsPerHost:     *conc,
		// HTTP/1.1 for both servers (kubegen's serves HTTP/1.1 only)
		TLSNextProto: map[string]func(string, *tls.Conn) http.RoundTripper{},
	}
	client := &http.Client{Transport: transport, Timeout: 30 * time.Second}
	allowed := []byte(`"allowed":true`)
	var requests, errors atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(*duration)
	for i := 0; i < *conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest(http.MethodPost, *url, bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				res, err := client.Do(req)
				if err != nil {
					errors.Add(1)
					continue
				}
				out, err := io.ReadAll(res.Body)
				res.Body.Close()
				if err != nil || res.StatusCode != http.StatusOK || !bytes.Contains(out, allowed) {
					errors.Add(1)
					continue
				}
				requests.Add(1)
			}
		}()
	}
	wg.Wait()
	seconds := time.Since(start).Seconds()
	out, _ := json.Marshal(map[string]any{"requests": requests.Load(), "seconds": seconds, "errors": errors.Load()})
	fmt.Println(string(out))
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: admission-bench serve|load …")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "serve":
		serve(os.Args[2:])
	case "load":
		load(os.Args[2:])
	default:
		fmt.Fprintln(os.Stderr, "usage: admission-bench serve|load …")
		os.Exit(2)
	}
}
