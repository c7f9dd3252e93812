// Package hostkit holds what our language hosts (../../language-nodejs, ../../language-python) do the same way:
// serving pulumirpc.LanguageRuntime to the engine, the RPCs they answer alike, reading where a program is, binding
// schemas and PCL for code generation and writing the generated files (codegen.go), and reading which SDKs to link
// (link.go). Each host keeps only its language's part: the generator, and the manifest it lists SDKs in.
package hostkit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Version is reported to the engine; it names our hosts, not an upstream release.
const Version = "3.259.0-vcrooms"

// EngineAddress is the engine's address from a host's command-line arguments (os.Args[1:]). The engine passes it
// as the last positional argument and may put flags before it (-v=N, --logtostderr, --tracing ...): none of them
// change what our hosts do, so they are skipped.
func EngineAddress(args []string) string {
	engineAddress := ""
	for _, arg := range args {
		if !strings.HasPrefix(arg, "-") {
			engineAddress = arg
		}
	}
	return engineAddress
}

// Serve serves gRPC with what register adds, prints the port for the engine and returns when serving stops; it
// exits the process, with a message naming the host (name), when the server cannot start or stops with an error.
func Serve(name string, register func(*grpc.Server)) {
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			register(srv)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: could not start the gRPC server: %v\n", name, err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of standard output.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "%s: stopped serving: %v\n", name, err)
		os.Exit(1)
	}
}

// Base answers the LanguageRuntime RPCs our hosts answer alike; a host embeds it and adds the rest. It keeps the
// engine's address, which the Handshake may update.
type Base struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	EngineAddress string
}

func (b *Base) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		b.EngineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (b *Base) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: Version}, nil
}

// GetRequiredPlugins reports none: provider plugins come from Pulumi.yaml, and plugin acquisition is off.
func (b *Base) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (b *Base) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (b *Base) GetProgramDependencies(
	context.Context, *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

// ProgramLocation gives the program's directory and entry point, from the ProgramInfo when the engine sends one.
func ProgramLocation(info *pulumirpc.ProgramInfo, pwd, program string) (string, string) {
	if info != nil && info.GetProgramDirectory() != "" {
		entry := info.GetEntryPoint()
		if entry == "" {
			entry = "."
		}
		return info.GetProgramDirectory(), entry
	}
	if program == "" {
		program = "."
	}
	return pwd, program
}

// RunArgs are the arguments after the SDK's entry script in a Run: the run's settings as the flags the SDKs'
// run scripts read (engine is the engine's address), then the program's entry point and its own arguments.
func RunArgs(req *pulumirpc.RunRequest, engine, entry string) []string {
	var args []string
	flag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", engine)
	flag("project", req.GetProject())
	flag("stack", req.GetStack())
	flag("pwd", req.GetPwd())
	flag("organization", req.GetOrganization())
	if req.GetInfo() != nil {
		flag("root-directory", req.GetInfo().GetRootDirectory())
	}
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		flag("parallel", strconv.Itoa(int(req.GetParallel())))
	}
	args = append(args, entry)
	return append(args, req.GetArgs()...)
}

// WriteFiles writes generated files (paths relative to dir) under dir with the given permissions, making folders
// as needed.
func WriteFiles(dir string, files map[string][]byte, perm os.FileMode) error {
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, perm); err != nil {
			return err
		}
	}
	return nil
}
