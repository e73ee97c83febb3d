//! A drawing's markup on its element, changed in place.
//!
//! Each picture is one string of markup (`drawing.rs` says why), which is also what the server
//! renders into the page. Set as `inner_html`, every click that changed any of it replaced the
//! whole drawing; parsed beside it and morphed, every click still had the browser parse it all.
//! So [`Kept`] never hands markup to the browser: it reads each new string into element
//! descriptions in Rust (`piece.rs`), compares them with the pieces on screen, and applies only
//! the difference through web-sys: an attribute, a text, an element added or removed. The first
//! build is the same difference from nothing; a drawing rendered by the server is read from the
//! page once. What it leaves is what the same markup parsed afresh would be, node for node
//! (`isEqualNode`; tests/browser/redraw.rs changes between many markups).
//!
//! ```ignore
//! view! { <svg role="img" inner_html=Kept(text(move || ...))></svg> }
//! ```
//!
//! One `inner_html` value type for every drawing, so Leptos's code for it is in the wasm once.

mod piece;

pub use piece::{read, Piece};

use leptos::prelude::*;
use leptos::reactive::effect::RenderEffect;
use leptos::tachys::html::attribute::IntoAttributeValue;
use leptos::tachys::html::element::InnerHtmlValue;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

/// A drawing's markup as an element's `inner_html`: rendered into the page by the server, changed
/// in place in the browser.
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
    type State = (Element, RenderEffect<Drawn>);
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
        state.0.set_text_content(None);
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

/// Whether this build writes each drawing whole, parsed by the browser: only the build that weighs
/// the writer does (the crate's `whole-markup` feature; the compiler then drops the writer).
const WHOLE: bool = cfg!(feature = "whole-markup");

impl Kept {
    /// Shows the markup in `el` (already there when the server rendered it), then each change,
    /// for as long as the returned effect is kept.
    fn follow(self, el: Element, rendered: bool) -> RenderEffect<Drawn> {
        RenderEffect::new(move |shown: Option<Drawn>| {
            let markup = self.0.get();
            if WHOLE {
                if shown.is_some() || !rendered {
                    el.set_inner_html(&markup);
                }
                return Drawn { el: el.clone(), markup, pieces: Vec::new(), live: Vec::new(), svg: false };
            }
            match shown {
                Some(mut drawn) => {
                    drawn.show(markup);
                    drawn
                }
                None if rendered => Drawn::rendered(el.clone(), markup),
                None => Drawn::new(el.clone(), markup),
            }
        })
    }
}

/// Makes `el`'s children, which `from` describes (as the server rendered them), what `to`
/// describes, without parsing either.
pub fn patch(el: &Element, from: &str, to: &str) {
    Drawn::rendered(el.clone(), from.to_string()).show(to.to_string());
}

/// A drawing on screen: its element, the markup it shows, and that markup's pieces beside the
/// live nodes that show them.
pub struct Drawn {
    el: Element,
    markup: String,
    pieces: Vec<Piece>,
    live: Vec<Live>,
    svg: bool,
}

/// The live node of a piece, and its children's.
struct Live {
    node: Node,
    kids: Vec<Live>,
}

const SVG: &str = "http://www.w3.org/2000/svg";

impl Drawn {
    /// `markup` drawn into `el`, which is empty.
    fn new(el: Element, markup: String) -> Drawn {
        let pieces = read(&markup);
        Drawn::made(el, markup, pieces)
    }

    /// `el` as the server rendered it, with `markup`: its nodes are found, not made. Nodes that are
    /// not what `markup` describes are made again.
    fn rendered(el: Element, markup: String) -> Drawn {
        let pieces = read(&markup);
        match place(&el, &pieces) {
            Some(live) => {
                let svg = el.namespace_uri().as_deref() == Some(SVG);
                Drawn { el, markup, pieces, live, svg }
            }
            None => {
                el.set_text_content(None);
                Drawn::made(el, markup, pieces)
            }
        }
    }

    /// `pieces`, read from `markup`, made into `el`, which is empty.
    fn made(el: Element, markup: String, pieces: Vec<Piece>) -> Drawn {
        let svg = el.namespace_uri().as_deref() == Some(SVG);
        let mut drawn = Drawn { el, markup, pieces: Vec::new(), live: Vec::new(), svg };
        morph(&drawn.el, &mut drawn.pieces, &mut drawn.live, pieces, svg);
        drawn
    }

    /// Changes the element to show `markup`, where it differs from what it shows.
    fn show(&mut self, markup: String) {
        if markup != self.markup {
            morph(&self.el, &mut self.pieces, &mut self.live, read(&markup), self.svg);
            self.markup = markup;
        }
    }
}

/// The nodes that show `pieces` among `parent`'s children, if they are there: as many, and as many
/// in each.
fn place(parent: &Node, pieces: &[Piece]) -> Option<Vec<Live>> {
    let mut at = parent.first_child();
    let mut live = Vec::with_capacity(pieces.len());
    for piece in pieces {
        let node = at?;
        at = node.next_sibling();
        let kids = match piece {
            Piece::Element { kids, .. } => place(&node, kids)?,
            Piece::Text(_) => Vec::new(),
        };
        live.push(Live { node, kids });
    }
    at.is_none().then_some(live)
}

/// Makes `parent`'s children (`old`, shown by `live`) what `new` describes: a piece equal to the
/// one shown stays; one of the same kind that does not come later is changed where it differs;
/// one that went is removed, and one that came is made and put in its place.
fn morph(parent: &Node, old: &mut Vec<Piece>, live: &mut Vec<Live>, mut new: Vec<Piece>, svg: bool) {
    let mut at = 0;
    for j in 0..new.len() {
        let (this, rest) = new.split_at_mut(j + 1);
        let n = &mut this[j];
        // `old` has more here, which went: `n` is further on.
        while at < old.len() && old[at] != *n && old[at + 1..].contains(n) {
            remove(old, live, at);
        }
        match old.get_mut(at) {
            Some(o) if *o == *n => {}
            // The same element or text, changed: changed where it differs.
            Some(o) if same_kind(o, n) && !rest.contains(o) => change(o, &mut live[at], taken(n), svg),
            // `new` has more here (it came: the piece shown is further on), or another kind of
            // piece, which takes the place.
            _ => {
                let made = make(n, svg);
                let _ = parent.insert_before(&made.node, live.get(at).map(|l| &l.node));
                old.insert(at, taken(n));
                live.insert(at, made);
                if old.get(at + 1).is_some_and(|o| !rest.contains(o)) {
                    remove(old, live, at + 1);
                }
            }
        }
        at += 1;
    }
    while old.len() > at {
        remove(old, live, old.len() - 1);
    }
}

/// `piece`, moved out: `morph` has compared it with what is shown, and keeps it as shown.
fn taken(piece: &mut Piece) -> Piece {
    std::mem::replace(piece, Piece::Text(String::new()))
}

fn same_kind(a: &Piece, b: &Piece) -> bool {
    match (a, b) {
        (Piece::Element { name: a, .. }, Piece::Element { name: b, .. }) => a == b,
        (Piece::Text(_), Piece::Text(_)) => true,
        _ => false,
    }
}

fn remove(old: &mut Vec<Piece>, live: &mut Vec<Live>, at: usize) {
    old.remove(at);
    // `remove()` is every child node's, texts' too; web-sys puts it on each kind, not on `Node`.
    live.remove(at).node.unchecked_into::<Element>().remove();
}

/// Changes `old`, shown by `live`, into `new`, of the same kind: the attributes whose values
/// differ, then the children, or the text.
fn change(old: &mut Piece, live: &mut Live, new: Piece, svg: bool) {
    match (old, new) {
        (Piece::Element { name, attrs, kids }, Piece::Element { attrs: new_attrs, kids: new_kids, .. }) => {
            let el: &Element = live.node.unchecked_ref();
            for (attr, _) in attrs.iter().filter(|(a, _)| !new_attrs.iter().any(|(b, _)| a == b)) {
                let _ = el.remove_attribute(attr);
            }
            for (attr, value) in new_attrs.iter().filter(|a| !attrs.contains(a)) {
                let _ = el.set_attribute(attr, value);
            }
            *attrs = new_attrs;
            let svg = svg || name == "svg";
            morph(&live.node, kids, &mut live.kids, new_kids, svg);
        }
        (Piece::Text(old), Piece::Text(new)) => {
            live.node.set_node_value(Some(&new));
            *old = new;
        }
        _ => {}
    }
}

/// The node `piece` describes, made with its children, in SVG's namespace inside an `<svg>`. A
/// name no element may have is made an empty text.
fn make(piece: &Piece, svg: bool) -> Live {
    let document = document();
    let (node, kids): (Node, _) = match piece {
        Piece::Element { name, attrs, kids } => {
            let svg = svg || name == "svg";
            let made = if svg { document.create_element_ns(Some(SVG), name) } else { document.create_element(name) };
            let Ok(el) = made else { return make(&Piece::Text(String::new()), svg) };
            for (attr, value) in attrs {
                let _ = el.set_attribute(attr, value);
            }
            let kids: Vec<Live> = kids.iter().map(|k| make(k, svg)).collect();
            for k in &kids {
                let _ = el.append_child(&k.node);
            }
            (el.into(), kids)
        }
        Piece::Text(text) => (document.create_text_node(text).into(), Vec::new()),
    };
    Live { node, kids }
}
