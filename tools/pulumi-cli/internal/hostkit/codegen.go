package hostkit

// The code generation the CLI asks of a language host, up to the language: opening the engine's schema loader,
// binding a package schema or a PCL program with it, turning binding errors into the response's diagnostics and
// writing the generated files. Each host passes only its language's generator (pkg/v3's codegen/nodejs,
// codegen/python), so the hosts bind schemas the same way.

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// PackageGenerator makes a language's SDK files (paths relative to the SDK's folder) for a bound package; loader
// resolves the packages the schema refers to.
type PackageGenerator func(pkg *schema.Package, loader schema.ReferenceLoader) (map[string][]byte, error)

// ProgramGenerator turns a bound PCL program into a language's source files.
type ProgramGenerator func(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error)

// openLoader connects to the engine's schema loader (a request's LoaderTarget). It caches what it loads, so a
// schema that refers to a package many times loads it once; close ends the connection.
func openLoader(target string) (loader schema.ReferenceLoader, close func(), err error) {
	client, err := schema.NewLoaderClient(target)
	if err != nil {
		return nil, nil, err
	}
	return schema.NewCachedLoader(client), func() { _ = client.Close() }, nil
}

// GeneratePackage serves GeneratePackage (`pulumi package gen-sdk`, `pulumi package add`, `packages:` at
// `pulumi install`): it binds the schema in the request and writes what generate makes of it to req.Directory.
// A schema that does not bind is answered with its diagnostics, and nothing is written.
func GeneratePackage(req *pulumirpc.GeneratePackageRequest, generate PackageGenerator) (*pulumirpc.GeneratePackageResponse, error) {
	loader, closeLoader, err := openLoader(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer closeLoader()
	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.GetSchema()), &spec); err != nil {
		return nil, fmt.Errorf("reading the schema: %w", err)
	}
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	response := &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}
	if diags.HasErrors() {
		return response, nil
	}
	files, err := generate(pkg, loader)
	if err != nil {
		return nil, err
	}
	if err := WriteFiles(req.GetDirectory(), files, 0o644); err != nil {
		return nil, err
	}
	return response, nil
}

// GenerateProgram serves GenerateProgram (the code `pulumi import` prints, `pulumi convert`): it parses and binds
// the PCL sources of the request (non-strictly unless asked) and answers with what generate makes of the program.
func GenerateProgram(req *pulumirpc.GenerateProgramRequest, generate ProgramGenerator) (*pulumirpc.GenerateProgramResponse, error) {
	loader, closeLoader, err := openLoader(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer closeLoader()
	parser := syntax.NewParser()
	for name, source := range req.GetSource() {
		if err := parser.ParseFile(bytes.NewReader([]byte(source)), name); err != nil {
			return nil, err
		}
	}
	if parser.Diagnostics.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(parser.Diagnostics)}, nil
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.GetStrict() {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, loader, options...)
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() || program == nil {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: rpcDiags}, nil
	}
	files, genDiags, err := generate(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: append(rpcDiags, plugin.HclDiagnosticsToRPCDiagnostics(genDiags)...),
	}, nil
}
