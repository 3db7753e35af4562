// Command godocs reads the Go sources of Kubernetes API packages (k8s.io/api, k8s.io/apimachinery) and writes, as
// JSON, what `kubegen import openapi --go-docs` needs to make the imported TypeScript expand in a CRD exactly as
// controller-gen expands the Go types: each type's and field's comment text as controller-gen reads it (marker lines
// dropped, line breaks kept; see extractDoc), the marker lines, the fields' Go order, inline-embedded structs, the
// named scalar types (PodPhase, Protocol …) fields use directly, as list items or as map values, and the constants
// of +k8s:enum types, and per field its json tag and whether its type is a pointer (its optionality in TypeScript).
//
//	godocs <import path>=<dir>… > go-docs.json
//
// Types are keyed by their OpenAPI name (k8s.io/api/core/v1.PodSpec → io.k8s.api.core.v1.PodSpec), fields by their
// JSON name. Output is deterministic (encoding/json sorts map keys).
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"

	"strconv"
	"strings"
)

// Field is one struct field.
type Field struct {
	Doc     string   `json:"doc"`
	Markers []string `json:"markers,omitempty"`
	// Type names a named scalar type the field uses, with Wrap saying where: "" (the field), "array" (its items),
	// "map" (its values).
	Type string `json:"type,omitempty"`
	Wrap string `json:"wrap,omitempty"`
	// Tag is the field's json tag ("spec,omitempty"); Pointer says its Go type is a pointer. With omitempty or
	// omitzero in the tag, or a pointer (nil is written as null), the field is optional (`?` in TypeScript); without
	// any of them encoding/json always writes it.
	Tag     string `json:"tag"`
	Pointer bool   `json:"pointer,omitempty"`
}

// Type is one named type.
type Type struct {
	Doc     string           `json:"doc"`
	Markers []string         `json:"markers,omitempty"`
	Fields  map[string]Field `json:"fields,omitempty"`
	// Order lists the JSON names of Fields in Go's order.
	Order  []string `json:"order,omitempty"`
	Embeds []string `json:"embeds,omitempty"`
	// Enum holds the sorted values of the type's constants when it is marked +k8s:enum (controller-gen's enum).
	Enum []string `json:"enum,omitempty"`
	// Scalar is the JSON type of a named scalar type (string, integer, number, boolean); empty for others.
	Scalar string `json:"scalar,omitempty"`
}

type pkgInfo struct {
	path, openapi string
	files         []*ast.File
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: godocs <import path>=<dir>…")
		os.Exit(2)
	}
	fset := token.NewFileSet()
	var pkgs []*pkgInfo
	for _, arg := range os.Args[1:] {
		importPath, dir, ok := strings.Cut(arg, "=")
		if !ok {
			fail("argument %q is not <import path>=<dir>", arg)
		}
		p := &pkgInfo{path: importPath, openapi: openapiPrefix(importPath)}
		entries, err := os.ReadDir(dir)
		if err != nil {
			fail("%v", err)
		}
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || strings.HasPrefix(n, "zz_generated") || strings.HasSuffix(n, ".pb.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
			if err != nil {
				fail("%v", err)
			}
			p.files = append(p.files, f)
		}
		pkgs = append(pkgs, p)
	}
	// named scalar types of every package, by OpenAPI name, and the string constants of each type
	scalars := map[string]string{}
	constants := map[string][]string{}
	for _, p := range pkgs {
		for _, f := range p.files {
			eachType(f, func(spec *ast.TypeSpec, _ *ast.GenDecl) {
				if id, ok := spec.Type.(*ast.Ident); ok && jsonScalar(id.Name) != "" {
					scalars[p.openapi+"."+spec.Name.Name] = jsonScalar(id.Name)
				}
			})
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.CONST {
					continue
				}
				for _, s := range gd.Specs {
					vs := s.(*ast.ValueSpec)
					id, ok := vs.Type.(*ast.Ident)
					if !ok || len(vs.Values) != len(vs.Names) {
						continue
					}
					for _, v := range vs.Values {
						if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if text, err := strconv.Unquote(lit.Value); err == nil {
								constants[p.openapi+"."+id.Name] = append(constants[p.openapi+"."+id.Name], text)
							}
						}
					}
				}
			}
		}
	}
	// type aliases (`type RuleWithOperations = v1.RuleWithOperations` in admissionregistration/v1alpha1): an embedded
	// alias is its target's struct, inlined by encoding/json as the target
	aliases := map[string]string{}
	// types defined over another struct (`type MatchCondition v1.MatchCondition`): the same JSON fields
	defined := map[string]string{}
	for _, p := range pkgs {
		for _, f := range p.files {
			named := namer(p, f)
			eachType(f, func(spec *ast.TypeSpec, _ *ast.GenDecl) {
				target := named(spec.Type)
				if target == "" {
					return
				}
				if spec.Assign.IsValid() {
					aliases[p.openapi+"."+spec.Name.Name] = target
				} else {
					defined[p.openapi+"."+spec.Name.Name] = target
				}
			})
		}
	}
	resolve := func(name string) string {
		for i := 0; i < 8; i++ {
			target, ok := aliases[name]
			if !ok {
				break
			}
			name = target
		}
		return name
	}
	out := map[string]*Type{}
	for _, p := range pkgs {
		for _, f := range p.files {
			named := namer(p, f)
			eachType(f, func(spec *ast.TypeSpec, decl *ast.GenDecl) {
				name := p.openapi + "." + spec.Name.Name
				doc, markers := extractDoc(spec.Doc, decl, spec)
				t := &Type{Doc: doc, Markers: markers, Scalar: scalars[name]}
				if slices.Contains(markers, "+k8s:enum") && t.Scalar == "string" {
					t.Enum = slices.Compact(slices.Sorted(slices.Values(constants[name])))
				}
				out[name] = t
				st, ok := spec.Type.(*ast.StructType)
				if !ok {
					return
				}
				t.Fields = map[string]Field{}
				for _, fld := range st.Fields.List {
					tag := ""
					if fld.Tag != nil {
						s, _ := strconv.Unquote(fld.Tag.Value)
						tag = reflect.StructTag(s).Get("json")
					}
					jsonName, _, _ := strings.Cut(tag, ",")
					if jsonName == "-" {
						continue
					}
					if len(fld.Names) == 0 && jsonName == "" {
						// an embedded struct without a JSON name is inlined (encoding/json)
						t.Embeds = append(t.Embeds, resolve(named(deref(fld.Type))))
						continue
					}
					if jsonName == "" || (len(fld.Names) > 0 && !fld.Names[0].IsExported()) {
						continue
					}
					fdoc, fmarkers := extractDoc(fld.Doc, nil, nil)
					field := Field{Doc: fdoc, Markers: fmarkers, Tag: tag, Pointer: isPointer(fld.Type)}
					inner, wrap := unwrap(fld.Type)
					if n := named(inner); n != "" && scalars[n] != "" {
						field.Type, field.Wrap = n, wrap
					}
					t.Fields[jsonName] = field
					t.Order = append(t.Order, jsonName)
				}
			})
		}
	}
	for name, target := range defined {
		t, ok := out[name]
		if !ok || t.Fields != nil {
			continue
		}
		if src, ok := out[resolve(target)]; ok && src.Fields != nil {
			t.Fields, t.Order, t.Embeds = src.Fields, src.Order, src.Embeds
		}
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(out); err != nil {
		fail("%v", err)
	}
}

// namer names a type expression of file f of package p by its OpenAPI name (a local identifier or an imported
// package's selector), "" for any other expression.
func namer(p *pkgInfo, f *ast.File) func(ast.Expr) string {
	imports := map[string]string{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imports[name] = path
	}
	return func(e ast.Expr) string {
		switch t := e.(type) {
		case *ast.Ident:
			return p.openapi + "." + t.Name
		case *ast.SelectorExpr:
			if x, ok := t.X.(*ast.Ident); ok {
				if path, ok := imports[x.Name]; ok {
					return openapiPrefix(path) + "." + t.Sel.Name
				}
			}
		}
		return ""
	}
}

func eachType(f *ast.File, fn func(*ast.TypeSpec, *ast.GenDecl)) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			fn(s.(*ast.TypeSpec), gd)
		}
	}
}

func isPointer(e ast.Expr) bool {
	_, ok := e.(*ast.StarExpr)
	return ok
}

func deref(e ast.Expr) ast.Expr {
	if s, ok := e.(*ast.StarExpr); ok {
		return s.X
	}
	return e
}

// unwrap strips a pointer, then one slice or string-keyed map level.
func unwrap(e ast.Expr) (ast.Expr, string) {
	e = deref(e)
	switch t := e.(type) {
	case *ast.ArrayType:
		if t.Len == nil {
			return deref(t.Elt), "array"
		}
	case *ast.MapType:
		return deref(t.Value), "map"
	}
	return e, ""
}

func jsonScalar(goType string) string {
	switch goType {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "int", "int32", "int64", "uint32", "uint64":
		return "integer"
	case "float32", "float64":
		return "number"
	}
	return ""
}

// openapiPrefix is openapi-gen's name of a Go package: k8s.io/api/core/v1 → io.k8s.api.core.v1.
func openapiPrefix(importPath string) string {
	parts := strings.Split(importPath, "/")
	domain := strings.Split(parts[0], ".")
	for i, j := 0, len(domain)-1; i < j; i, j = i+1, j-1 {
		domain[i], domain[j] = domain[j], domain[i]
	}
	return strings.Join(append(domain, parts[1:]...), ".")
}

func isMarkerComment(comment string) bool {
	if comment[0:2] != "//" {
		return false
	}
	stripped := strings.TrimSpace(comment[2:])
	return len(stripped) >= 1 && stripped[0] == '+'
}

// extractDoc is the first half of controller-tools v0.21's pkg/markers extractDoc: the comment text without marker
// lines (which it returns, without "//"). The second half — TODO lines dropped, text after --- cut, outside code
// fences — is what kubegen's loader does with a doc comment, so the text keeps those lines, like the Go source.
func extractDoc(docs *ast.CommentGroup, decl *ast.GenDecl, spec *ast.TypeSpec) (string, []string) {
	if docs == nil && spec != nil && decl != nil && decl.Lparen == token.NoPos {
		docs = decl.Doc
	}
	if docs == nil {
		return "", nil
	}
	var markers []string
	var outGroup ast.CommentGroup
	outGroup.List = make([]*ast.Comment, 0, len(docs.List))
	for _, comment := range docs.List {
		if isMarkerComment(comment.Text) {
			markers = append(markers, strings.TrimSpace(comment.Text[2:]))
			continue
		}
		outGroup.List = append(outGroup.List, comment)
	}
	isAsteriskComment := false
	for _, l := range outGroup.List {
		if strings.HasPrefix(l.Text, "/*") {
			isAsteriskComment = true
			break
		}
	}
	lines := strings.Split(outGroup.Text(), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if isAsteriskComment {
		for i, line := range lines {
			lines[i] = strings.TrimSpace(line)
		}
	}
	return strings.Join(lines, "\n"), markers
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "godocs: "+format+"\n", args...)
	os.Exit(1)
}
