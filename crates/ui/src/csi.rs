//! The CSI demo: one claim taken through provision, attach and mount on node-a and node-b.

use leptos::prelude::*;

use crate::i18n::{self, Lang};
use crate::shell::{Shell, Tone};

#[component]
pub fn CsiDemo(lang: Lang) -> impl IntoView {
    let lang = RwSignal::new(lang);
    view! {
        <div class="kv" data-kubevol-root="csi" lang=move || lang.get().code()>
            <Shell
                lang=lang
                title=Signal::derive(move || i18n::CSI_TITLE.get(lang.get()))
                badge=Signal::derive(String::new)
                tone=Signal::derive(|| Tone::Neutral)
            >
                <p></p>
            </Shell>
        </div>
    }
}
