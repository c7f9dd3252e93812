package main

// The program's package.json, as Link edits it: an SDK becomes a `file:` dependency, and every other key keeps
// its place and text.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pulumi-vcrooms/tools/pulumi-cli/internal/hostkit"
)

// listInPackageJSON names each SDK in dir's package.json as a `file:` dependency under the SDK's npm name.
// Unlike upstream, this host does not run npm here: `npm install` then installs the SDK (its postinstall
// compiles it), so the machine's npm, not the engine, decides where packages come from.
func listInPackageJSON(dir string, sdks []hostkit.LinkedSDK) (string, error) {
	manifestPath := filepath.Join(dir, "package.json")
	manifest := jsonObject{}
	text, err := os.ReadFile(manifestPath)
	switch {
	case err == nil:
		if manifest, err = parseObject(text); err != nil {
			return "", fmt.Errorf("reading %s: %w", manifestPath, err)
		}
	case !os.IsNotExist(err):
		return "", err
	}
	deps := jsonObject{}
	if raw, ok := manifest.get("dependencies"); ok {
		if deps, err = parseObject(raw); err != nil {
			return "", fmt.Errorf("reading the dependencies of %s: %w", manifestPath, err)
		}
	}
	var imports strings.Builder
	for _, sdk := range sdks {
		name, err := npmName(sdk.Dir)
		if err != nil {
			return "", err
		}
		spec, _ := json.Marshal("file:" + sdk.Rel)
		deps = deps.set(name, spec)
		fmt.Fprintf(&imports, "  import * as %s from %q;\n", importName(sdk.Package), name)
	}
	manifest = manifest.set("dependencies", deps.bytes())
	var out bytes.Buffer
	if err := json.Indent(&out, manifest.bytes(), "", "  "); err != nil {
		return "", err
	}
	out.WriteByte('\n')
	if err := os.WriteFile(manifestPath, out.Bytes(), 0o644); err != nil {
		return "", err
	}
	return "The SDK is listed in package.json; run npm install to install it, then import it with:\n\n" + imports.String(), nil
}

// jsonObject is a JSON object with its keys in the order they were written, so that rewriting a user's
// package.json changes only what Link adds.
type jsonObject []jsonField

type jsonField struct {
	key   string
	value json.RawMessage
}

func parseObject(text []byte) (jsonObject, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var obj jsonObject
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		obj = obj.set(key, value)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return obj, nil
}

func (o jsonObject) get(key string) (json.RawMessage, bool) {
	for _, f := range o {
		if f.key == key {
			return f.value, true
		}
	}
	return nil, false
}

// set replaces the key's value where it is, or adds the key last.
func (o jsonObject) set(key string, value json.RawMessage) jsonObject {
	for i := range o {
		if o[i].key == key {
			o[i].value = value
			return o
		}
	}
	return append(o, jsonField{key, value})
}

func (o jsonObject) bytes() []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(f.key)
		b.Write(key)
		b.WriteByte(':')
		b.Write(f.value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// npmName is the package name in the package.json of a generated SDK.
func npmName(sdk string) (string, error) {
	text, err := os.ReadFile(filepath.Join(sdk, "package.json"))
	if err != nil {
		return "", fmt.Errorf("the generated SDK has no package.json: %w", err)
	}
	var manifest struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(text, &manifest); err != nil || manifest.Name == "" {
		return "", fmt.Errorf("the package.json of the SDK in %s names no package", sdk)
	}
	return manifest.Name, nil
}

// importName is a package name as a JavaScript identifier (my-pkg: myPkg).
func importName(pkg string) string {
	parts := strings.FieldsFunc(pkg, func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	return strings.Join(parts, "")
}
