// Command cel-tables records the CEL rule tables of k8s.io/apiextensions-apiserver's own tests
// (pkg/apiserver/schema/cel: compilation_test.go, validation_test.go) with the compiler's verdict and estimated cost
// per rule, as JSON: what the apiserver's CEL compiler says about every rule its authors thought worth a test.
//
//	cel-tables <work dir> <out.json>
//
// Why running the tests rather than parsing them: the tables are Go values built by helper functions (schemas(…),
// objs(…), fmt.Sprintf, loops generating rules of growing cost), and their expected results are matcher values
// (invalidError("…"), noError() …) that only the test code interprets; a parser would need a Go interpreter, and a
// `_test.go` file cannot be imported. So this command copies the package (test files included) from the module cache
// into a throw-away module under <work dir>, renames its one entry point `Compile` to `compileUnrecorded`, adds a
// `Compile` (recorder.go.txt) that calls it and appends each call's schema, rules and results to a file, and runs the
// package's table tests with `go test`. Test failures do not matter (the record is the compiler's output, whatever
// the test expects); a build failure does. This command imports only the standard library.
package main

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Module is the apiextensions-apiserver release whose tables are recorded: the one kube-apiserver v1.37.2 is built
// from (keep all k8s.io modules at one release).
const Module = "k8s.io/apiextensions-apiserver"
const Version = "v0.37.2"
const pkgDir = "pkg/apiserver/schema/cel"

// Tests are the table tests recorded (the others measure limits, cancellation and benchmarks).
var Tests = []string{
	"TestCelCompilation", "TestCostEstimation", "TestValidationExpressions", "TestValidationExpressionsAtSchemaLevels",
	"TestMessageExpression", "TestReasonAndFldPath", "TestRatcheting", "TestOptionalOldSelf",
}

//go:embed recorder.go.txt
var recorder string

// Record is one call of Compile (see recorder.go.txt).
type Record struct {
	Test         string            `json:"test"`
	PerCallLimit uint64            `json:"perCallLimit"`
	Schema       json.RawMessage   `json:"schema"`
	Results      []json.RawMessage `json:"results"`
	Failure      string            `json:"failure,omitempty"`
	IsRoot       bool              `json:"isRoot,omitempty"`
	CustomEnv    bool              `json:"customEnv,omitempty"`
}

// Output is the file written.
type Output struct {
	Source string   `json:"source"`
	Tests  []string `json:"tests"`
	Cases  []Record `json:"cases"`
}

func run(dir string, env []string, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("%s %s (in %s): %w\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return out, nil
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: cel-tables <work dir> <out.json>")
		os.Exit(2)
	}
	if err := record(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "cel-tables:", err)
		os.Exit(1)
	}
}

func record(work, outFile string) error {
	// The module's directory in the module cache (downloaded through the proxy when missing).
	dl, err := run(os.TempDir(), nil, "go", "mod", "download", "-json", Module+"@"+Version)
	if err != nil {
		return err
	}
	var mod struct{ Dir, GoMod string }
	if err := json.Unmarshal(dl, &mod); err != nil || mod.Dir == "" {
		return fmt.Errorf("go mod download %s@%s: no directory in %s", Module, Version, dl)
	}
	if err := os.RemoveAll(work); err != nil {
		return err
	}
	dst := filepath.Join(work, "cel")
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(filepath.Join(mod.Dir, pkgDir))
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(mod.Dir, pkgDir, e.Name()))
		if err != nil {
			return err
		}
		text := string(src)
		if e.Name() == "compilation.go" {
			const decl = "\nfunc Compile("
			if strings.Count(text, decl) != 1 {
				return fmt.Errorf("%s/compilation.go: expected one %q", pkgDir, strings.TrimSpace(decl))
			}
			text = strings.Replace(text, decl, "\nfunc compileUnrecorded(", 1)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), []byte(text), 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dst, "zz_kubegen_recorder.go"), []byte(recorder), 0o644); err != nil {
		return err
	}
	// The throw-away module requires the same release, with the module's own go.sum (its dependency versions).
	goMod := fmt.Sprintf("module kubegen.test/celtables\n\ngo 1.26.0\n\nrequire %s %s\n", Module, Version)
	if err := os.WriteFile(filepath.Join(work, "go.mod"), []byte(goMod), 0o644); err != nil {
		return err
	}
	if sum, err := os.ReadFile(filepath.Join(mod.Dir, "go.sum")); err == nil {
		if err := os.WriteFile(filepath.Join(work, "go.sum"), sum, 0o644); err != nil {
			return err
		}
	}
	if _, err := run(work, []string{"GOFLAGS=-mod=mod"}, "go", "mod", "tidy"); err != nil {
		return err
	}
	lines := filepath.Join(work, "records.jsonl")
	out, err := run(work, []string{"KUBEGEN_CEL_TABLES_OUT=" + lines}, "go", "test", "-count=1", "-run", "^("+strings.Join(Tests, "|")+")$", "./cel")
	if err != nil && !strings.Contains(string(out), "--- FAIL") {
		return err // a build failure, not a failed expectation
	}
	f, err := os.Open(lines)
	if err != nil {
		return fmt.Errorf("the tests recorded nothing: %w", err)
	}
	defer f.Close()
	seen := map[string]bool{}
	result := Output{Source: Module + "@" + Version + " " + pkgDir, Tests: Tests}
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 1<<20), 64<<20)
	for scanner.Scan() {
		var r Record
		if err := json.Unmarshal(scanner.Bytes(), &r); err != nil {
			return fmt.Errorf("%s: %w", lines, err)
		}
		// The same schema compiled again (a test that compiles per object, or old and new schema alike) is one case.
		key := fmt.Sprint(r.Test, "\x00", string(r.Schema), r.PerCallLimit, r.IsRoot, r.CustomEnv)
		if seen[key] {
			continue
		}
		seen[key] = true
		result.Cases = append(result.Cases, r)
	}
	if err := scanner.Err(); err != nil {
		return err
	}
	// Deterministic order: by test, then schema text (the tests run subtests in parallel).
	sort.SliceStable(result.Cases, func(i, j int) bool {
		a, b := result.Cases[i], result.Cases[j]
		if a.Test != b.Test {
			return a.Test < b.Test
		}
		return string(a.Schema) < string(b.Schema)
	})
	data, err := json.MarshalIndent(result, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(outFile, append(data, '\n'), 0o644)
}
