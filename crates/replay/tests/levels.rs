#![cfg(not(target_arch = "wasm32"))]
//! The real kubectl agrees with every check of every built-in level: at the moment the level's
//! solution reaches, served by `kubevol-replay serve`, the real kubectl (the one the bootstrap
//! installs) prints for each goal command what the level says it prints.

mod common;

use common::{kubeconfig, real};
use kubevol_levels::{builtin, AnyLevel, Level};
use kubevol_sim::Model;
use serde_json::json;

/// What differs between the level's checks and the real kubectl at its solved moment.
fn differ<M: Model>(level: &Level<M>, home: &std::path::Path) -> Vec<String> {
    let actions: Vec<_> = level.start.iter().chain(&level.solution).collect();
    let scenario = json!({"model": M::NAME, "setup": level.setup, "actions": actions}).to_string();
    let address = kubevol_replay::serve::spawn(&scenario, None).unwrap();
    let config = home.join(format!("config-{}", address.port()));
    std::fs::write(&config, kubeconfig(&format!("http://{address}"))).unwrap();
    let mut differ = Vec::new();
    for check in &level.goal {
        let args = kubevol_kubectl::prompt::words(&check.kubectl).unwrap();
        let printed = real(&args, &config, home);
        if printed.trim() != check.prints.trim() {
            differ.push(format!("{}: `{}`: the real kubectl printed {printed:?}", level.id, check.kubectl));
        }
    }
    let _ = std::fs::remove_file(&config);
    differ
}

#[test]
fn the_real_kubectl_agrees_with_every_check_of_every_level() {
    let home = std::env::temp_dir().join(format!("kubevol-levels-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let mut all = Vec::new();
    let levels = builtin().unwrap();
    for level in &levels {
        all.extend(match level {
            AnyLevel::Csi(l) => differ(l, &home),
            AnyLevel::StatefulSet(l) => differ(l, &home),
            AnyLevel::Topology(l) => differ(l, &home),
        });
    }
    let _ = std::fs::remove_dir_all(&home);
    assert!(all.is_empty(), "{}", all.join("\n"));
    println!("levels: the real kubectl agrees with every check of {} levels", levels.len());
}
