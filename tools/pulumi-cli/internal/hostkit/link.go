package hostkit

import (
	"path/filepath"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// LinkedSDK is an SDK the engine generated into the project (sdks/<name>), which Link names in the program's
// manifest.
type LinkedSDK struct {
	// Package is the package's schema name (vcrooms).
	Package string
	// Dir is the SDK's folder; Rel is the same folder relative to the program's directory, with forward slashes,
	// as a manifest in the project names it.
	Dir, Rel string
}

// Manifest lists SDKs in the program's own manifest (package.json, requirements.txt) in the program's directory
// dir and returns the import instructions the CLI shows.
type Manifest func(dir string, sdks []LinkedSDK) (instructions string, err error)

// Link serves `pulumi package add` and the `packages:` step of `pulumi install`: the engine has generated each
// package's SDK into the project, and linking means naming those folders in the program's manifest, which the
// host's list does; where the program is and where the SDKs are, relative to it, is read here the same way for
// every host.
func Link(req *pulumirpc.LinkRequest, list Manifest) (*pulumirpc.LinkResponse, error) {
	dir, _ := ProgramLocation(req.GetInfo(), "", "")
	sdks := make([]LinkedSDK, 0, len(req.GetPackages()))
	for _, dep := range req.GetPackages() {
		sdk := dep.GetPath()
		if !filepath.IsAbs(sdk) {
			sdk = filepath.Join(dir, sdk)
		}
		rel, err := filepath.Rel(dir, sdk)
		if err != nil {
			rel = sdk
		}
		sdks = append(sdks, LinkedSDK{Package: dep.GetPackage().GetName(), Dir: sdk, Rel: filepath.ToSlash(rel)})
	}
	instructions, err := list(dir, sdks)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.LinkResponse{ImportInstructions: instructions}, nil
}
