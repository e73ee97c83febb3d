//! The kubectl panel: the moment shown, as a real cluster would print it. It is a fold's panel, so
//! it is built (and computed) only while open: `kubectl get` for the kinds the demo has, the
//! objects to pick, and the picked one's YAML and `describe` Events. Every line comes from
//! `kubevol_kubectl` through the session's history, so it is the model's state at that moment
//! and nothing a view remembered.

use std::sync::Arc;

use kubevol_kubectl::{Kind, KindWords, Moment};
use kubevol_sim::Model;
use leptos::prelude::*;

use crate::demo::Demo;
use crate::lang;
use crate::session::Session;
use crate::widgets::{click, tr};

/// What kubectl knows of the moment a session shows ([`Moment`]). A demo whose folds stay closed
/// never pays for this: it is worked out from the setup and the actions, through the model, when a
/// panel first shows a moment, and then once per change for every panel (`Demo::moment`).
pub struct Kubectl(Arc<Moment>);

impl Kubectl {
    /// What kubectl knows of a session's moment, worked out afresh (the tests compare two).
    pub fn of<M: Model>(session: &Session<M>) -> Kubectl {
        Kubectl(Arc::new(session.moment()))
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
    /// The moment the demo shows, as kubectl sees it: one memo for every panel of the demo, made
    /// by the first that asks, under the demo's owner. Read tracked, it follows each change; a
    /// change replays the history once, however many panels read it.
    pub fn moment(self) -> Memo<Arc<Moment>> {
        if let Some(moment) = self.shared.with_value(|s| s.moment) {
            return moment;
        }
        let session = self.session;
        let owner = self.shared.with_value(|s| s.owner.clone());
        // Every change is a new moment: no two are compared.
        let moment =
            owner.with(|| Memo::new_with_compare(move |_| Arc::new(session.with(Session::moment)), |_, _| true));
        self.shared.update_value(|s| s.moment = Some(moment));
        moment
    }

    /// The panel, for a demo whose state has objects of `kinds` (in the order `kubectl get` is
    /// typed with them).
    pub fn kubectl(self, kinds: &'static [Kind]) -> impl IntoView {
        let moment = self.moment();
        let picked = RwSignal::new(None::<(Kind, String)>);
        let command = format!("$ kubectl get {}\n", kinds.iter().map(|k| k.typed()).collect::<Vec<_>>().join(","));
        move || {
            // The moment's objects, worked out once for the table, the buttons and the picked one.
            let known = Kubectl(moment.get());
            let listed = format!("{command}{}", known.get(kinds));
            let objects = known.names();
            let chosen = picked.get().filter(|p| objects.contains(p));
            let shown = chosen.as_ref().and_then(|(kind, name)| {
                let (yaml, events) = known.object(*kind, name)?;
                let mut out = format!("$ kubectl get {} {name} -o yaml\n{yaml}", kind.typed());
                if let Some(events) = events {
                    out.push_str(&format!("\n$ kubectl describe {} {name}\n...\n{events}", kind.typed()));
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
                        let value = format!("{}/{name}", kind.typed());
                        let label = format!("{} {name}", kind.typed());
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
