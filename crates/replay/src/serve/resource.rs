//! What the server serves: the demos' kinds, their Events and the nodes' Leases, as discovery lists
//! them (`kubevol_kubectl::discovery`, from which the prompt prints `kubectl api-resources` too).

pub use kubevol_kubectl::ApiResource as Resource;
