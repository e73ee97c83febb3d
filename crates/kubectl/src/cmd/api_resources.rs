//! `kubectl api-resources`: what discovery lists, from the one resource type (`resource.rs`).

use crate::read::args::CANNOT_PRINT;
use crate::read::flags::Parsed;
use crate::table::tabwrite;
use crate::Resource;

/// `api-resources` takes no arguments: the prompt cannot print what follows it.
pub fn read(parsed: &Parsed) -> Result<(), String> {
    match parsed.args.is_empty() {
        true => Ok(()),
        false => Err(CANNOT_PRINT.into()),
    }
}

/// `kubectl api-resources`: every resource discovery lists, by group and then name.
// Models staging/src/k8s.io/kubectl/pkg/cmd/apiresources/apiresources.go APIResourceOptions.RunAPIResources
pub fn run() -> String {
    let mut all = Resource::ALL;
    all.sort_by_key(|r| (r.api().group, r.api().plural));
    let mut lines = vec![["NAME", "SHORTNAMES", "APIVERSION", "NAMESPACED", "KIND"].map(String::from).to_vec()];
    for resource in all {
        let api = resource.api();
        let namespaced = if api.namespaced { "true" } else { "false" };
        lines.push(vec![
            api.plural.to_string(),
            api.short_names.join(","),
            api.api_version(),
            namespaced.to_string(),
            api.kind.to_string(),
        ]);
    }
    tabwrite(&lines)
}
