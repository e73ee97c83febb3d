//! The kubectl panel: the moment shown, as a real cluster would print it. It is a fold's panel, so
//! it is built (and computed) only while open: `kubectl get` for the kinds the demo has, the
//! objects to pick, and the picked one's YAML and `describe` Events. Every line comes from
//! `kubevol_kubectl` through the session's history, so it is the model's state at that moment
//! and nothing a view remembered.

use kubevol_kubectl::{Kind, KindWords, Moment};
use kubevol_sim::Model;
use leptos::prelude::*;

use crate::demo::Demo;
use crate::lang;
use crate::session::Session;
use crate::widgets::{click, tr};

/// What kubectl knows of the moment a session shows ([`Moment`]). A demo's click never pays for
/// this: it is worked out again from the setup and the actions, through the model, when the panel
/// shows a moment.
pub struct Kubectl(Moment);

impl Kubectl {
    pub fn of<M: Model>(session: &Session<M>) -> Kubectl {
        Kubectl(session.moment())
    }

    /// `kubectl get <kinds>` at the moment shown, AGE counted in steps.
    pub fn get(&self, kinds: &[Kind]) -> String {
        self.0.get(kinds)
    }

    /// `kubectl get <kind> <name> -o yaml`, and for the kinds `describe` shows Events of, its
    /// Events section.
    pub fn object(&self, kind: Kind, name: &str) -> Option<(String, Option<String>)> {
        let yaml = self.0.yaml(kind, name)?;
        let described = matches!(kind, Kind::Pod | Kind::PersistentVolumeClaim | Kind::StatefulSet)
            .then(|| self.0.describe_events(kind, name));
        Some((yaml, described))
    }

    /// Every object, to pick one from.
    pub fn names(&self) -> Vec<(Kind, String)> {
        self.0.cluster.names()
    }
}

impl<M: Model> Demo<M> {
    /// The panel, for a demo whose state has objects of `kinds` (in the order `kubectl get` is
    /// typed with them).
    pub fn kubectl(self, kinds: &'static [Kind]) -> impl IntoView {
        let session = self.session;
        let picked = RwSignal::new(None::<(Kind, String)>);
        let command = format!("$ kubectl get {}\n", kinds.iter().map(|k| k.short()).collect::<Vec<_>>().join(","));
        move || {
            // The moment's objects, worked out once for the table, the buttons and the picked one.
            let known = session.with(Kubectl::of);
            let listed = format!("{command}{}", known.get(kinds));
            let objects = known.names();
            let chosen = picked.get().filter(|p| objects.contains(p));
            let shown = chosen.as_ref().and_then(|(kind, name)| {
                let (yaml, events) = known.object(*kind, name)?;
                let mut out = format!("$ kubectl get {} {name} -o yaml\n{yaml}", kind.short());
                if let Some(events) = events {
                    out.push_str(&format!("\n$ kubectl describe {} {name}\n...\n{events}", kind.short()));
                }
                Some(out)
            });
            // The outputs scroll sideways on a narrow page: focusable, so a keyboard can too.
            view! {
                <p class="kv-hint">{tr(lang::KUBECTL_MADE_UP)}</p>
                <pre class="kv-kubectl-out" data-state="kubectl-get" tabindex="0">{listed}</pre>
                <div class="kv-buttons" role="group" aria-label=tr(lang::KUBECTL_OBJECTS)>
                    {objects.into_iter().map(|(kind, name)| {
                        let pressed = chosen.as_ref() == Some(&(kind, name.clone()));
                        let value = format!("{}/{name}", kind.short());
                        let label = format!("{} {name}", kind.short());
                        let title = label.clone();
                        view! {
                            // A long name (a VolumeAttachment's) is cut short on a narrow page;
                            // the title keeps it whole.
                            <button data-action="kubectl-object" data-value=value aria-pressed=pressed.to_string()
                                title=title
                                on:click=click(move || picked.set(Some((kind, name.clone()))))>
                                {label}
                            </button>
                        }
                    }).collect_view()}
                </div>
                {shown.map(|text| view! {
                    <pre class="kv-kubectl-out" data-state="kubectl-object" tabindex="0">{text}</pre>
                })}
            }
        }
    }
}
