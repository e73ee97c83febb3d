//! A drawing's markup on its element, changed where it differs.
//!
//! Each picture is one string of markup (`drawing.rs` says why). Set as `inner_html`, every click
//! that changed any of it replaced the whole drawing: every line, chip and label removed and made
//! again, and the browser styled and laid them all out again. So the element is written whole
//! once, when it is built (and at build time, by the server rendering), and from then on [`Kept`]
//! parses each new markup beside it and changes only what differs: a text, an element's
//! attributes, an element added or removed. What it leaves is what the same markup parsed afresh
//! would be, node for node (`isEqualNode`; tests/browser/redraw.rs patches between many markups).
//!
//! ```ignore
//! view! { <svg role="img" inner_html=Kept(text(move || ...))></svg> }
//! ```
//!
//! One `inner_html` value type for every drawing, so Leptos's code for it is in the wasm once.

use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;
use leptos::tachys::html::attribute::IntoAttributeValue;
use leptos::tachys::html::element::InnerHtmlValue;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

/// A drawing's markup as an element's `inner_html`: written whole when built, patched after.
#[derive(Clone, Copy)]
pub struct Kept(pub Signal<String>);

// The `view!` macro passes every attribute's value through this.
impl IntoAttributeValue for Kept {
    type Output = Self;

    fn into_attribute_value(self) -> Self {
        self
    }
}

impl InnerHtmlValue for Kept {
    type AsyncOutput = Self;
    type State = (Element, RenderEffect<String>);
    type Cloneable = Self;
    type CloneableOwned = Self;

    fn html_len(&self) -> usize {
        0
    }

    fn to_html(self, buf: &mut String) {
        buf.push_str(&self.0.get_untracked());
    }

    fn to_template(_buf: &mut String) {}

    fn hydrate<const FROM_SERVER: bool>(self, el: &Element) -> Self::State {
        (el.clone(), self.follow(el.clone(), FROM_SERVER))
    }

    fn build(self, el: &Element) -> Self::State {
        (el.clone(), self.follow(el.clone(), false))
    }

    fn rebuild(self, state: &mut Self::State) {
        state.1 = self.follow(state.0.clone(), false);
    }

    fn into_cloneable(self) -> Self {
        self
    }

    fn into_cloneable_owned(self) -> Self {
        self
    }

    fn dry_resolve(&mut self) {}

    async fn resolve(self) -> Self {
        self
    }
}

impl Kept {
    /// Writes the markup into `el` (unless it is there already, rendered by the server), then
    /// patches it with each change, for as long as the returned effect is kept.
    fn follow(self, el: Element, written: bool) -> RenderEffect<String> {
        RenderEffect::new(move |shown: Option<String>| {
            let next = self.0.get();
            match shown {
                None if !written => el.set_inner_html(&next),
                Some(shown) if shown != next => patch(&el, &next),
                _ => {}
            }
            next
        })
    }
}

/// Makes `el`'s children what `markup` parses to, in `el`'s own kind of element (an `<svg>`'s
/// children are SVG).
pub fn patch(el: &Element, markup: &str) {
    let Ok(fresh) = el.clone_node() else { return };
    let fresh: Element = fresh.unchecked_into();
    fresh.set_inner_html(markup);
    morph(el, &fresh);
}

const ELEMENT: u16 = 1;

/// Makes `old`'s children like `new`'s, taking `new`'s nodes where `old` has none to change.
fn morph(old: &Node, new: &Node) {
    // `remove()` is every child node's, texts' too; web-sys puts it on each kind, not on `Node`.
    let gone = |n: &Node| n.unchecked_ref::<Element>().remove();
    let mut at = old.first_child();
    let mut next = new.first_child();
    while let Some(n) = next {
        next = n.next_sibling();
        // `old` has more here, which went: `n` is further on.
        while let Some(o) = at.clone().filter(|o| !o.is_equal_node(Some(&n)) && later(o.next_sibling(), &n)) {
            at = o.next_sibling();
            gone(&o);
        }
        match at.clone() {
            Some(o) if o.is_equal_node(Some(&n)) => at = o.next_sibling(),
            // The same element or text, changed: changed where it differs.
            Some(o) if o.node_name() == n.node_name() && !later(next.clone(), &o) => {
                if o.node_type() == ELEMENT {
                    attributes(o.unchecked_ref(), n.unchecked_ref());
                    morph(&o, &n);
                } else {
                    o.set_node_value(n.text_content().as_deref());
                }
                at = o.next_sibling();
            }
            // `new` has more here (they came: `o` is further on), or another kind of node, which
            // takes the place.
            o => {
                let _ = old.insert_before(&n, o.as_ref());
                if let Some(o) = o.filter(|o| !later(next.clone(), o)) {
                    at = o.next_sibling();
                    gone(&o);
                }
            }
        }
    }
    while let Some(o) = at {
        at = o.next_sibling();
        gone(&o);
    }
}

/// Whether `node` or one of its next siblings is equal to `like`.
fn later(mut node: Option<Node>, like: &Node) -> bool {
    while let Some(n) = node {
        if n.is_equal_node(Some(like)) {
            return true;
        }
        node = n.next_sibling();
    }
    false
}

/// Gives `old` the attributes of `new`, setting only the values that differ. Their order is left
/// as it is: an element's attributes have none that counts (`isEqualNode` does not ask it).
fn attributes(old: &Element, new: &Element) {
    for name in old.get_attribute_names().iter().filter_map(|name| name.as_string()) {
        if new.get_attribute(&name).is_none() {
            let _ = old.remove_attribute(&name);
        }
    }
    for name in new.get_attribute_names().iter().filter_map(|name| name.as_string()) {
        let value = new.get_attribute(&name);
        if old.get_attribute(&name) != value {
            let _ = old.set_attribute(&name, &value.unwrap_or_default());
        }
    }
}
